// One API through run_ut: the bench run in raised precision against the
// device run at the dumped dtypes (run_ut spec §6.1: float32 inputs are
// raised to float64), forward and backward judged; libtorch values as the
// comparator sees them; the APIs whose backward is skipped, with the
// spec's messages (§9).
// (REQUIRE only: libtorch's glog headers define their own CHECK macros.)
#include "run_ut/api_run.hpp"

#include <ATen/ATen.h>

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "dump/json_file.hpp"
#include "run_ut/skip_api.hpp"

using namespace msprobe;
using run_ut::backward_not_supported;
using run_ut::to_output_value;
using Kind = precision::OutputValue::Kind;

namespace {

// A float32 tensor record of `shape` within [-1, 1], as a statistics dump holds it.
std::string tensor_record(const std::string& shape, bool requires_grad) {
    return R"({"type": "torch.Tensor", "dtype": "torch.float32", "shape": )" + shape +
           R"(, "Max": 1.0, "Min": -1.0, "Mean": 0.0, "Norm": 1.0, "requires_grad": )" +
           (requires_grad ? "true" : "false") + "}";
}

}  // namespace

TEST_CASE("api run: a tensor as the comparator sees it, row-major whatever its strides", "[run_ut][api_run]") {
    const auto half = to_output_value(c10::IValue(at::tensor(std::vector<float>{1.5F, -2.0F}).to(at::kHalf)));
    REQUIRE(half.kind == Kind::Tensor);
    REQUIRE(half.tensor.dtype == tensor::DType::Float16);
    REQUIRE(half.tensor.shape == std::vector<std::int64_t>{2});
    REQUIRE(half.tensor.values == std::vector<double>{1.5, -2.0});
    const auto transposed = at::arange(6, at::kLong).reshape({2, 3}).t();
    const auto ints = to_output_value(c10::IValue(transposed));
    REQUIRE(ints.tensor.dtype == tensor::DType::Int64);
    REQUIRE(ints.tensor.shape == std::vector<std::int64_t>{3, 2});
    REQUIRE(ints.tensor.values == std::vector<double>{0, 3, 1, 4, 2, 5});
    REQUIRE(to_output_value(c10::IValue(at::ones({2}, at::kBool))).tensor.values == std::vector<double>{1, 1});
    REQUIRE_THROWS_WITH(to_output_value(c10::IValue(at::ones({1}, at::kComplexFloat))),
                        "complex outputs cannot be compared");
}

TEST_CASE("api run: Python values and containers as the comparator sees them", "[run_ut][api_run]") {
    REQUIRE(to_output_value(c10::IValue()).kind == Kind::None);
    REQUIRE(to_output_value(c10::IValue(true)).kind == Kind::Bool);
    REQUIRE(to_output_value(c10::IValue(std::int64_t{-3})).number == -3.0);
    REQUIRE(to_output_value(c10::IValue(2.5)).kind == Kind::Float);
    REQUIRE(to_output_value(c10::IValue(std::string("mean"))).text == "mean");
    const auto pair = to_output_value(c10::ivalue::Tuple::create({c10::IValue(at::zeros({1})), c10::IValue()}));
    REQUIRE(pair.kind == Kind::Sequence);
    REQUIRE(pair.items.size() == 2);
    REQUIRE(pair.items[0].kind == Kind::Tensor);
    REQUIRE(pair.items[1].kind == Kind::None);
    const auto list = to_output_value(c10::IValue(c10::List<std::int64_t>({4, 5})));
    REQUIRE(list.kind == Kind::Sequence);
    REQUIRE(list.items.at(1).number == 5.0);
    REQUIRE(to_output_value(c10::IValue(c10::Device(c10::kCPU))).kind == Kind::Other);
}

TEST_CASE("api run: the APIs whose backward is skipped, with the spec's messages", "[run_ut][api_run]") {
    std::string message;
    REQUIRE_FALSE(backward_not_supported("add", message, true));
    REQUIRE(message.empty());
    REQUIRE(backward_not_supported("repeat_interleave", message, true));
    REQUIRE(message == "This API does not have backward input data, skip backward.");
    message.clear();
    REQUIRE(backward_not_supported("masked_select", message, true));
    REQUIRE(message == "This API does not support backward ut, skip backward.");
    message.clear();
    REQUIRE(backward_not_supported("add", message, false));  // an `out` keyword
    REQUIRE(message == "function with out=... arguments don't support automatic differentiation, skip backward.");
    message.clear();
    REQUIRE(backward_not_supported("masked_select", message, false));
    REQUIRE(message ==
            "function with out=... arguments don't support automatic differentiation, skip backward."
            "This API does not support backward ut, skip backward.");
}

TEST_CASE("api run: relu's float64 bench and float32 device agree, forward and backward", "[run_ut][api_run]") {
    const auto forward =
        dump::JsonFile::from_text(R"({"input_args": [)" + tensor_record("[4]", true) +
                                      R"(], "input_kwargs": {}, "output": [)" + tensor_record("[4]", true) + "]}",
                                  "forward");
    const auto backward = dump::JsonFile::from_text(
        R"({"input": [)" + tensor_record("[4]", false) + R"(], "output": [)" + tensor_record("[4]", false) + "]}",
        "backward");
    run_ut::InputBuilder inputs(std::nullopt);
    run_ut::ApiRunArtifacts artifacts;
    at::manual_seed(1234);
    const run_ut::ApiRunRequest request{"Functional.relu.0", "Functional", "relu", forward.root(), backward.root()};
    const auto api = run_ut::run_api(request, inputs, &artifacts);
    REQUIRE(api.full_name == "Functional.relu.0");
    REQUIRE(api.forward_status == "pass");
    REQUIRE(api.backward_status == "pass");
    REQUIRE(api.rows.size() == 2);
    REQUIRE(api.rows[0].api_name == "Functional.relu.0.forward.output.0");
    REQUIRE(api.rows[0].bench_dtype == "torch.float64");  // raised
    REQUIRE(api.rows[0].device_dtype == "torch.float32");
    REQUIRE(api.rows[0].shape == "(4,)");
    REQUIRE(api.rows[1].api_name == "Functional.relu.0.backward.output.0");

    REQUIRE(artifacts.inputs.args.size() == 1);
    const auto input = artifacts.inputs.args[0].tensor;
    REQUIRE(input.scalar_type() == at::kFloat);
    REQUIRE(input.min().item<float>() == -1.0F);  // the generated tensor holds Min and Max at its ends
    REQUIRE(input.max().item<float>() == 1.0F);
    REQUIRE(artifacts.bench_out.toTensor().scalar_type() == at::kDouble);
    REQUIRE(at::equal(artifacts.device_out.toTensor(), at::relu(input)));
}

TEST_CASE("api run: without a backward entry only the forward is judged", "[run_ut][api_run]") {
    const auto forward =
        dump::JsonFile::from_text(R"({"input_args": [)" + tensor_record("[2, 3]", false) +
                                      R"(], "input_kwargs": {}, "output": [)" + tensor_record("[2, 3]", false) + "]}",
                                  "forward");
    run_ut::InputBuilder inputs(std::nullopt);
    const run_ut::ApiRunRequest request{"Torch.neg.0", "Torch", "neg", forward.root(), {}};
    const auto api = run_ut::run_api(request, inputs);
    REQUIRE(api.forward_status == "pass");
    REQUIRE(api.backward_status == " ");  // SPACE: not run
    REQUIRE(api.rows.size() == 1);
    REQUIRE(api.rows[0].shape == "(2, 3)");
}
