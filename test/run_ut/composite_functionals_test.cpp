// torch.nn.functional functions torch 1.13 writes in Python as several ATen
// calls, composed the same way: values on small inputs worked out by hand,
// and the argument checks of the Python code.
// (REQUIRE only: libtorch's glog headers define their own CHECK macros.)
#include "run_ut/composite_functionals.hpp"

#include <ATen/ATen.h>

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "run_ut/api_executor.hpp"
#include "run_ut/skip_api.hpp"
#include "torch_values.hpp"

using namespace msprobe::run_ut;
using namespace msprobe::testing;

TEST_CASE("the composite functionals of torch 1.13's Python code", "[run_ut][composite_functionals]") {
    SECTION("local_response_norm") {
        const auto out = execute_api("Functional", "local_response_norm",
                                     {{float_tensor({1, 1}, {1, 2, 1}), PyValue::of_int(2)},
                                      {{"alpha", PyValue::of_float(1.0)}, {"beta", PyValue::of_float(1.0)}}});
        REQUIRE(float_values(out)[0] == Approx(1 / 1.5));
        REQUIRE(float_values(out)[1] == Approx(0.5));
    }
    SECTION("lp_pool1d") {
        const auto out =
            execute_api("Functional", "lp_pool1d",
                        {{float_tensor({1, 2, 3, 4}, {1, 1, 4}), PyValue::of_float(2.0), PyValue::of_int(2)}, {}});
        REQUIRE(float_values(out)[0] == Approx(std::sqrt(5.0)));
        REQUIRE(float_values(out)[1] == Approx(5.0));
    }
    SECTION("gaussian_nll_loss") {
        const auto args = std::vector<PyValue>{float_tensor({1}, {1}), float_tensor({0}, {1}), float_tensor({1}, {1})};
        REQUIRE(float_values(execute_api("Functional", "gaussian_nll_loss", {args, {}}))[0] == Approx(0.5));
        REQUIRE(float_values(
                    execute_api("Functional", "gaussian_nll_loss", {args, {{"full", PyValue::of_bool(true)}}}))[0] ==
                Approx(0.5 + 0.5 * std::log(2 * M_PI)));
    }
    SECTION("multilabel_soft_margin_loss") {
        const auto out = execute_api("Functional", "multilabel_soft_margin_loss",
                                     {{float_tensor({0, 0}, {1, 2}), float_tensor({1, 0}, {1, 2})}, {}});
        REQUIRE(float_values(out)[0] == Approx(std::log(2.0)));
    }
    SECTION("triplet_margin_with_distance_loss") {
        const auto out = execute_api(
            "Functional", "triplet_margin_with_distance_loss",
            {{float_tensor({0, 0}, {1, 2}), float_tensor({3, 4}, {1, 2}), float_tensor({0, 1}, {1, 2})}, {}});
        REQUIRE(float_values(out)[0] == Approx(5.0).epsilon(1e-5));
    }
    SECTION("max_unpool2d") {
        const auto indices = PyValue::of_tensor(at::tensor(std::vector<std::int64_t>{3}).reshape({1, 1, 1, 1}));
        const auto out = execute_api("Functional", "max_unpool2d",
                                     {{float_tensor({5}, {1, 1, 1, 1}), indices, PyValue::of_int(2)}, {}});
        REQUIRE(float_values(out) == std::vector<float>{0, 0, 0, 5});
    }
}

TEST_CASE("lp_pool2d and max_unpool1d and 3d", "[run_ut][composite_functionals]") {
    // torch's formula: (sign(avg) * relu(|avg|) * kw * kh) ^ (1 / p) with avg the window's mean of x^p; for
    // p = 1 the window's sum, signs kept.
    const auto pooled =
        execute_api("Functional", "lp_pool2d",
                    {{float_tensor({1, -2, 3, 4}, {1, 1, 2, 2}), PyValue::of_float(1.0), PyValue::of_int(2)}, {}});
    REQUIRE(float_values(pooled)[0] == Approx(6.0));
    const auto indices1 = PyValue::of_tensor(at::tensor(std::vector<std::int64_t>{1, 2}).reshape({1, 1, 2}));
    const auto unpooled1 = execute_api("Functional", "max_unpool1d",
                                       {{float_tensor({7, 8}, {1, 1, 2}), indices1, PyValue::of_int(2)}, {}});
    REQUIRE(float_values(unpooled1) == std::vector<float>{0, 7, 8, 0});
    const auto indices3 = PyValue::of_tensor(at::tensor(std::vector<std::int64_t>{7}).reshape({1, 1, 1, 1, 1}));
    const auto unpooled3 = execute_api("Functional", "max_unpool3d",
                                       {{float_tensor({4}, {1, 1, 1, 1, 1}), indices3, PyValue::of_int(2)}, {}});
    REQUIRE(sizes_of(unpooled3) == std::vector<std::int64_t>{1, 1, 2, 2, 2});
    REQUIRE(float_values(unpooled3) == std::vector<float>{0, 0, 0, 0, 0, 0, 0, 4});
}

TEST_CASE("composite functionals refuse what the Python code refuses", "[run_ut][composite_functionals]") {
    const auto args = std::vector<PyValue>{float_tensor({1}, {1}), float_tensor({0}, {1}), float_tensor({-1}, {1})};
    REQUIRE_THROWS_WITH(execute_api("Functional", "gaussian_nll_loss", {args, {}}), "var has negative entry/entries");
    REQUIRE_THROWS_WITH(
        execute_api("Functional", "local_response_norm", {{float_tensor({1, 1}, {2}), PyValue::of_int(2)}, {}}),
        "Expected 3D or higher dimensionality input (got 1 dimensions)");
    const auto point = float_tensor({0, 0}, {1, 2});
    REQUIRE_THROWS_WITH(execute_api("Functional", "triplet_margin_with_distance_loss",
                                    {{point, point, point}, {{"margin", PyValue::of_float(0.0)}}}),
                        "triplet_margin_with_distance_loss: expected margin to be greater than 0, got 0 instead");
}
