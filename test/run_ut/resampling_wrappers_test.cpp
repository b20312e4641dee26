// torch.nn.functional's resampling wrappers (interpolate and its upsample
// aliases, grid_sample, affine_grid, unfold, fold) on small inputs whose
// results are worked out by hand, and the argument checks Python makes.
// (REQUIRE only: libtorch's glog headers define their own CHECK macros.)
#include "run_ut/resampling_wrappers.hpp"

#include <ATen/ATen.h>

#include <catch2/catch.hpp>

#include <vector>

#include "run_ut/api_executor.hpp"
#include "run_ut/skip_api.hpp"
#include "torch_values.hpp"

using namespace msprobe::run_ut;
using namespace msprobe::testing;

TEST_CASE("interpolate and its aliases pick the kernel by mode and rank", "[run_ut][resampling_wrappers]") {
    const auto row = float_tensor({1, 2}, {1, 1, 2});
    SECTION("nearest, scale_factor 2") {
        const auto out = execute_api("Functional", "interpolate", {{row}, {{"scale_factor", PyValue::of_float(2.0)}}});
        REQUIRE(float_values(out) == std::vector<float>{1, 1, 2, 2});
    }
    SECTION("linear, size 3, align_corners") {
        const auto out =
            execute_api("Functional", "interpolate",
                        {{row, PyValue::of_int(3)},
                         {{"mode", PyValue::of_str("linear")}, {"align_corners", PyValue::of_bool(true)}}});
        REQUIRE(float_values(out) == std::vector<float>{1, 1.5, 2});
    }
    SECTION("upsample_bilinear aligns corners") {
        const auto square = float_tensor({0, 1, 2, 3}, {1, 1, 2, 2});
        const auto out = execute_api("Functional", "upsample_bilinear", {{square, PyValue::of_int(3)}, {}});
        REQUIRE(float_values(out) == std::vector<float>{0, 0.5, 1, 1, 1.5, 2, 2, 2.5, 3});
    }
    SECTION("area with a recomputed size averages") {
        const auto four = float_tensor({1, 3, 5, 7}, {1, 1, 4});
        const auto out = execute_api("Functional", "interpolate",
                                     {{four},
                                      {{"scale_factor", PyValue::of_float(0.5)},
                                       {"mode", PyValue::of_str("area")},
                                       {"recompute_scale_factor", PyValue::of_bool(true)}}});
        REQUIRE(float_values(out) == std::vector<float>{2, 6});
    }
    SECTION("align_corners with nearest is refused as in Python") {
        REQUIRE_THROWS_AS(execute_api("Functional", "interpolate",
                                      {{row, PyValue::of_int(4)}, {{"align_corners", PyValue::of_bool(false)}}}),
                          SkipApi);
    }
}

TEST_CASE("grid_sample, affine_grid, unfold and fold", "[run_ut][resampling_wrappers]") {
    SECTION("the identity affine grid samples the input back") {
        const auto image = float_tensor({1, 2, 3, 4}, {1, 1, 2, 2});
        const auto theta = float_tensor({1, 0, 0, 0, 1, 0}, {1, 2, 3});
        const auto grid = execute_api(
            "Functional", "affine_grid",
            {{theta, PyValue::list({PyValue::of_int(1), PyValue::of_int(1), PyValue::of_int(2), PyValue::of_int(2)})},
             {{"align_corners", PyValue::of_bool(true)}}});
        REQUIRE(float_values(grid) == std::vector<float>{-1, -1, 1, -1, -1, 1, 1, 1});
        const auto out =
            execute_api("Functional", "grid_sample",
                        {{image, PyValue::of_tensor(grid.toTensor())}, {{"align_corners", PyValue::of_bool(true)}}});
        REQUIRE(float_values(out) == std::vector<float>{1, 2, 3, 4});
    }
    SECTION("unfold then fold with disjoint patches is the identity") {
        const auto image = float_tensor({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, {1, 1, 4, 4});
        const auto cols =
            execute_api("Functional", "unfold", {{image, PyValue::of_int(2)}, {{"stride", PyValue::of_int(2)}}});
        REQUIRE(sizes_of(cols) == std::vector<std::int64_t>{1, 4, 4});
        REQUIRE(float_values(cols)[0] == 1);  // patch 0, element (0, 0)
        REQUIRE(float_values(cols)[1] == 3);  // patch 1, element (0, 0)
        const auto back = execute_api("Functional", "fold",
                                      {{PyValue::of_tensor(cols.toTensor()), PyValue::of_int(4), PyValue::of_int(2)},
                                       {{"stride", PyValue::of_int(2)}}});
        REQUIRE(float_values(back) == float_values(c10::IValue(image.tensor)));
    }
}

TEST_CASE("interpolate: bicubic corners, nearest 2-D, and the checks on size and scale",
          "[run_ut][resampling_wrappers]") {
    const auto square = float_tensor({0, 1, 2, 3}, {1, 1, 2, 2});
    // nearest doubles every pixel: [[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]].
    const auto doubled = execute_api("Functional", "interpolate", {{square}, {{"scale_factor", PyValue::of_int(2)}}});
    REQUIRE(sizes_of(doubled) == std::vector<std::int64_t>{1, 1, 4, 4});
    REQUIRE(float_values(doubled) == std::vector<float>{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3});
    // With aligned corners the corners of any resampling are the input's corners.
    const auto cubic = execute_api("Functional", "interpolate",
                                   {{square, PyValue::of_int(3)},
                                    {{"mode", PyValue::of_str("bicubic")}, {"align_corners", PyValue::of_bool(true)}}});
    const auto corners = float_values(cubic);
    REQUIRE(corners[0] == 0);
    REQUIRE(corners[2] == Approx(1));
    REQUIRE(corners[6] == Approx(2));
    REQUIRE(corners[8] == Approx(3));
    REQUIRE_THROWS_WITH(execute_api("Functional", "interpolate",
                                    {{square, PyValue::of_int(3)}, {{"scale_factor", PyValue::of_float(2.0)}}}),
                        "only one of size or scale_factor should be defined");
    REQUIRE_THROWS_WITH(execute_api("Functional", "interpolate", {{square}, {}}),
                        "either size or scale_factor should be defined");
}
