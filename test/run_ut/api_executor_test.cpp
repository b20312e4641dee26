// The executor: a registered Python wrapper runs its handler, any other name
// goes to libtorch's operators by name (torch.linalg.x as aten::linalg_x,
// Aten.<op>.<overload> one overload), the arguments bound to the first
// schema that accepts them; families run_ut does not execute give None.
// (REQUIRE only: libtorch's glog headers define their own CHECK macros.)
#include "run_ut/api_executor.hpp"

#include <ATen/ATen.h>

#include <catch2/catch.hpp>

#include <vector>

#include "run_ut/skip_api.hpp"
#include "torch_values.hpp"

using namespace msprobe::run_ut;
using namespace msprobe::testing;

TEST_CASE("api executor: names outside the registry run the ATen operator of that name", "[run_ut][api_executor]") {
    const auto x = float_tensor({1, 2}, {2});
    const auto y = float_tensor({3, 4}, {2});
    REQUIRE(float_values(execute_api("Torch", "add", {{x, y}, {{"alpha", PyValue::of_int(2)}}})) ==
            std::vector<float>{7, 10});
    REQUIRE(float_values(execute_api("Tensor", "sub", {{y, x}, {}})) == std::vector<float>{2, 2});
    REQUIRE(float_values(execute_api("Functional", "gelu", {{float_tensor({0}, {1})}, {}})) == std::vector<float>{0});
    REQUIRE(float_values(execute_api("Torch", "linalg.norm", {{float_tensor({3, 4}, {2})}, {}})) ==
            std::vector<float>{5});
    REQUIRE(float_values(execute_api("Torch", "special.expm1", {{float_tensor({0}, {1})}, {}})) ==
            std::vector<float>{0});
}

TEST_CASE("api executor: Aten.<op>.<overload> runs that overload only", "[run_ut][api_executor]") {
    const auto x = float_tensor({1, 2}, {2});
    REQUIRE(float_values(execute_api("Aten", "add.Tensor", {{x, x}, {}})) == std::vector<float>{2, 4});
    REQUIRE(float_values(execute_api("Aten", "mul.Scalar", {{x, PyValue::of_float(3.0)}, {}})) ==
            std::vector<float>{3, 6});
    REQUIRE(float_values(execute_api("Aten", "relu.default", {{float_tensor({-1, 1}, {2})}, {}})) ==
            std::vector<float>{0, 1});
    REQUIRE_THROWS_WITH(execute_api("Aten", "add.Tensor", {{x, PyValue::of_str("a")}, {}}),
                        "aten::add.Tensor does not accept (Tensor, str)");
}

TEST_CASE("api executor: families run_ut does not execute give None", "[run_ut][api_executor]") {
    const auto x = float_tensor({1}, {1});
    REQUIRE(execute_api("VF", "lstm", {{x}, {}}).isNone());
    REQUIRE(execute_api("Distributed", "all_reduce", {{x}, {}}).isNone());
}

TEST_CASE("api executor: call_aten binds to the overload whose schema accepts the arguments",
          "[run_ut][api_executor]") {
    const auto x = float_tensor({1, 2}, {2});
    REQUIRE(float_values(call_aten("mul", {x, PyValue::of_float(2.0)}, {})) == std::vector<float>{2, 4});
    REQUIRE(float_values(call_aten("mul", {x, x}, {})) == std::vector<float>{1, 4});
    const auto sum = call_aten("sum", {x}, {{"dim", PyValue::list({PyValue::of_int(0)})}});
    REQUIRE(float_values(sum) == std::vector<float>{3});
    REQUIRE_THROWS_WITH(call_aten("add", {PyValue::of_str("a")}, {}), "no overload of aten::add accepts (str)");
    REQUIRE_THROWS_WITH(call_aten("add", {x}, {{"bogus", PyValue::none()}}),
                        "no overload of aten::add accepts (Tensor, bogus=None)");
    REQUIRE_THROWS_WITH(call_aten("not_an_op", {x}, {}), "aten::not_an_op does not exist in libtorch 1.13");
}

TEST_CASE("api executor: which names resolve", "[run_ut][api_executor]") {
    REQUIRE(api_resolves("Torch", "add"));
    REQUIRE(api_resolves("Torch", "linalg.norm"));
    REQUIRE(api_resolves("Tensor", "__getitem__"));  // a registered wrapper
    REQUIRE(api_resolves("Functional", "interpolate"));
    REQUIRE(api_resolves("Aten", "add.Tensor"));
    REQUIRE(api_resolves("NPU", "npu_rms_norm"));  // a bench function
    REQUIRE_FALSE(api_resolves("Torch", "no_such_function"));
    REQUIRE_FALSE(api_resolves("Aten", "no_such_op.default"));
    REQUIRE_FALSE(api_resolves("NPU", "npu_prompt_flash_attention"));
    REQUIRE_FALSE(api_resolves("VF", "lstm"));
    REQUIRE_FALSE(api_resolves("Distributed", "all_reduce"));
}
