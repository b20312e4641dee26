// The API registry: what run_ut runs by hand, looked up by {family, api_name};
// everything else goes to ATen by name. -config name checks are lookups.
#include <ATen/ATen.h>
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>

#include "run_ut/api_executor.hpp"
#include "run_ut/api_names.hpp"
#include "run_ut/api_registry.hpp"
#include "run_ut/skip_api.hpp"

using namespace msprobe::run_ut;

namespace {

PyValue tensor(std::initializer_list<float> values) {
    return PyValue::of_tensor(at::tensor(std::vector<float>(values)));
}

}  // namespace

TEST_CASE("every registered name resolves, in a family run_ut executes", "[run_ut]") {
    const auto& registry = api_registry();
    const std::set<std::string> families = {"Functional", "Tensor", "Torch", "NPU", "Aten"};
    std::map<std::string, std::size_t> per_family;
    for (const auto& [family, name] : registry.keys()) {
        INFO(family << "." << name);
        CHECK(families.count(family) == 1);
        CHECK(api_resolves(family, name));
        CHECK(registry.find(family, name) != nullptr);
        ++per_family[family];
    }
    CHECK(registry.size() == registry.keys().size());
    CHECK(per_family.size() == families.size());
    // One entry of each register_* function.
    const std::pair<const char*, const char*> samples[] = {
        {"Functional", "relu"},        {"Functional", "interpolate"}, {"Functional", "lp_pool1d"},
        {"Tensor", "__add__"},         {"Torch", "einsum"},           {"Torch", "tensordot"},
        {"Tensor", "__getitem__"},     {"NPU", "npu_rms_norm"},       {"Aten", "npu_fusion_attention_grad"},
    };
    for (const auto& [family, name] : samples) {
        INFO(family << "." << name);
        CHECK(registry.contains(family, name));
    }
}

TEST_CASE("a name registered twice is refused", "[run_ut]") {
    ApiRegistry registry;
    registry.add("Tensor", "twice", [](const PyCall&) { return c10::IValue(); });
    CHECK(registry.contains("Tensor", "twice"));
    CHECK_FALSE(registry.contains("Torch", "twice"));
    CHECK_THROWS_AS(registry.add("Tensor", "twice", [](const PyCall&) { return c10::IValue(1); }), std::logic_error);
    CHECK_THROWS_WITH(
        registry.add("Tensor", "twice", {{"input", PyValue::none()}}, [](const Bound&) { return c10::IValue(); }),
        "Tensor.twice is registered twice");
    CHECK(registry.size() == 1);
}

TEST_CASE("an entry's signature binds the call with Python's defaults before the handler runs", "[run_ut]") {
    ApiRegistry registry;
    registry.add("Functional", "scaled", {{"input", PyValue::none()}, {"factor", PyValue::of_float(2.0)}},
                 [](const Bound& a) { return c10::IValue(a.at("input").tensor * a.at("factor").number()); });
    const auto* entry = registry.find("Functional", "scaled");
    REQUIRE(entry != nullptr);
    const PyCall defaulted{{tensor({1, 2})}, {}};
    CHECK(entry->run("scaled", defaulted).toTensor().equal(at::tensor(std::vector<float>{2, 4})));
    const PyCall by_keyword{{tensor({1, 2})}, {{"factor", PyValue::of_float(3.0)}}};
    CHECK(entry->run("scaled", by_keyword).toTensor().equal(at::tensor(std::vector<float>{3, 6})));
    const PyCall unknown_keyword{{tensor({1})}, {{"scale", PyValue::of_float(3.0)}}};
    CHECK_THROWS_AS(entry->run("scaled", unknown_keyword), SkipApi);
    CHECK_THROWS_WITH(entry->run("scaled", unknown_keyword), "scaled() got an unexpected keyword argument 'scale'");
}

TEST_CASE("names neither registered nor in ATen are not known, and executing them is a SKIP reason", "[run_ut]") {
    for (const char* family : {"Functional", "Tensor", "Torch", "NPU", "Aten"}) {
        INFO(family);
        CHECK_FALSE(api_resolves(family, "not_an_op_anywhere"));
    }
    CHECK_FALSE(api_resolves("VF", "lstm"));  // VF is never executed
    CHECK_THROWS_WITH(execute_api("NPU", "npu_not_an_op", {{tensor({1})}, {}}),
                      "There is not bench function npu_not_an_op");
    CHECK_THROWS_AS(execute_api("Functional", "not_an_op_anywhere", {{tensor({1})}, {}}), SkipApi);
    CHECK_THROWS_WITH(execute_api("Torch", "linalg.not_an_op", {{tensor({1})}, {}}),
                      "aten::linalg_not_an_op does not exist in libtorch 1.13");
    // Registered refusals are known names that run as a SKIP with their reason.
    CHECK_THROWS_WITH(execute_api("Torch", "dsmm", {{tensor({1})}, {}}), "Torch.dsmm does not exist in libtorch 1.13");
}

TEST_CASE("is_known_api_name answers as the executor probe did", "[run_ut]") {
    // Each name's answer as run_ut gave it when it asked the executor with an argument no schema binds.
    const std::pair<const char*, bool> names[] = {
        {"relu", true},               {"__and__", true},            {"__iand__", true},
        {"__eq__", true},             {"__getitem__", true},        {"__rpow__", true},
        {"cfloat", true},             {"map_", true},               {"dsmm", true},
        {"einsum", true},             {"split", true},              {"fft.fft", true},
        {"special.erf", true},        {"linalg.vector_norm", true}, {"gumbel_softmax", true},
        {"fractional_max_pool2d", true}, {"lp_pool3d", true},       {"scaled_dot_product_attention", true},
        {"npu_fusion_attention", true}, {"matmul_backward", true},  {"adaptive_max_pool1d_with_indices", true},
        {"linalg.not_an_op", false},  {"add.Tensor", false},        {"relu.default", false},
        {"adaptive_max_pool4d", false}, {"adaptive_max_pool1dx", false}, {"max_pool4d", false},
        {"npu_rms_norm_backward", false},  // an Aten-level backward, not a -config name
        {"x", false},                 {"a..b", false},              {".relu", false},
        {"relu.", false},             {"", false},
    };
    for (const auto& [name, known] : names) {
        INFO(name);
        CHECK(is_known_api_name(name) == known);
    }
}

TEST_CASE("only the fractional_max_pool functions msprobe hooks are known", "[run_ut]") {
    // The executor probe accepted any name with this prefix; the registry holds the four torch 1.13 has.
    for (const char* name : {"fractional_max_pool2d", "fractional_max_pool3d", "fractional_max_pool2d_with_indices",
                             "fractional_max_pool3d_with_indices"}) {
        INFO(name);
        CHECK(is_known_api_name(name));
    }
    CHECK_FALSE(is_known_api_name("fractional_max_pool_foo"));
}
