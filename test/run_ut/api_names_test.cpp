// -config white/black list names (spec run_ut §1.4): checked against what the
// executor resolves, cross-checked here against msprobe's hook lists.
#include <catch2/catch.hpp>
#include <yaml-cpp/yaml.h>

#include <set>
#include <string>

#include "run_ut/api_names.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::run_ut::is_known_api_name;

TEST_CASE("api names from msprobe's hook lists are known and made-up ones are not", "[run_ut]") {
    for (const char* name : {"conv2d", "matmul", "softmax", "relu", "__add__", "linalg.vector_norm", "float",
                             "layer_norm", "cross_entropy", "npu_rms_norm", "npu_fusion_attention"}) {
        INFO(name);
        CHECK(is_known_api_name(name));
    }
    for (const char* name : {"foo", "conv2dd", "", "Functional.conv2d", "npu_not_an_op"}) {
        INFO(name);
        CHECK_FALSE(is_known_api_name(name));
    }
}

TEST_CASE("the functional/tensor/torch names of support_wrap_ops.yaml this tool rejects", "[run_ut][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto yaml = YAML::LoadFile((*fixtures / "reference_samples" / "support_wrap_ops.yaml").string());
    std::set<std::string> rejected;
    std::size_t names = 0;
    for (const char* list : {"functional", "tensor", "torch"}) {
        for (const auto& node : yaml[list]) {
            ++names;
            const auto name = node.as<std::string>();
            if (!is_known_api_name(name)) rejected.insert(name);
        }
    }
    CHECK(names > 1000);
    // Every name of the three lists is one the executor resolves (an ATen operator or a hand-written wrapper).
    CHECK(rejected.empty());
}
