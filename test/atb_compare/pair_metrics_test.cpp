// Tensor mode's six metric cells (atb_data_compare.py: compare_single_tensor
// over npy_compare.py's ValidateTensor and compare_ops_apply). Expected values
// follow those functions: cosine = n·b / (|n| |b|) rounded to 12 decimals
// (format_value), the Euclidean distance |n - b| unrounded, max |n - b|,
// max |(n - b) / b| with the compute type's epsilon added where b == 0
// (get_relative_err), and the share of relative errors below 0.001 / 0.005;
// each cell str() of the value, "Nan" and failed checks as "N/A".
#include <catch2/catch.hpp>

#include <limits>

#include "atb_compare/pair_metrics.hpp"
#include "atb_test_files.hpp"

using namespace msprobe;
using namespace msprobe::testing;

namespace {

using Cells = std::array<std::string, 6>;

Cells metrics_of(const atb::AtbTensorFile& target, const atb::AtbTensorFile& golden) {
    REQUIRE(target.readable());
    REQUIRE(golden.readable());
    ThreadPool pool(2);
    return atb::pair_metrics(target.view, golden.view, pool);
}

const Cells kNone{"N/A", "N/A", "N/A", "N/A", "N/A", "N/A"};

}  // namespace

TEST_CASE("atb pair metrics: float32", "[atb_compare]") {
    // n·b = 32, |n| = sqrt(34.25), |b| = sqrt(30): cosine 0.99829538412532... → 0.998295384125.
    // |n - b| = 0.5; the one relative error 0.5 / 4 = 0.125 leaves 3 of 4 below both thresholds.
    CHECK(metrics_of(atb_float32("pm_t", {1, 2, 3, 4.5F}, {2, 2}), atb_float32("pm_g", {1, 2, 3, 4}, {2, 2})) ==
          Cells{"0.998295384125", "0.5", "0.5", "0.125", "0.75", "0.75"});
}

TEST_CASE("atb pair metrics: identical tensors", "[atb_compare]") {
    CHECK(metrics_of(atb_float32("pm_same_t", {1, -2, 0}), atb_float32("pm_same_g", {1, -2, 0})) ==
          Cells{"1.0", "0.0", "0.0", "0.0", "1.0", "1.0"});
    // float16 against float16: result_type(float16, float16, float32) is float32, so a zero golden gets float32's
    // epsilon on both sides and its relative error is 0, not 0/0.
    CHECK(metrics_of(atb_tensor("pm_f16_t", kAtbFloat16, {2}, float16_bytes({0, 1})),
                     atb_tensor("pm_f16_g", kAtbFloat16, {2}, float16_bytes({0, 1}))) ==
          Cells{"1.0", "0.0", "0.0", "0.0", "1.0", "1.0"});
}

TEST_CASE("atb pair metrics: bfloat16 becomes float32 before the compare", "[atb_compare]") {
    // bfloat16(1.01) is 1.0078125; against float32 1: relative error 0.0078125, above both thresholds.
    const auto cells = metrics_of(atb_tensor("pm_bf16_t", kAtbBFloat16, {2}, bfloat16_bytes({1.01F, 2})),
                                  atb_float32("pm_bf16_g", {1, 2}));
    CHECK(cells[2] == "0.0078125");
    CHECK(cells[3] == "0.0078125");
    CHECK(cells[4] == "0.5");
    CHECK(cells[5] == "0.5");
}

TEST_CASE("atb pair metrics: integers and bools are compared as float64", "[atb_compare]") {
    // int32 [2, 4] against [1, 4]: cosine 18 / (sqrt(20) sqrt(17)) = 0.97618706018395... → 0.976187060184.
    CHECK(metrics_of(atb_tensor("pm_i32_t", kAtbInt32, {2}, bytes_of(std::vector<std::int32_t>{2, 4})),
                     atb_tensor("pm_i32_g", kAtbInt32, {2}, bytes_of(std::vector<std::int32_t>{1, 4}))) ==
          Cells{"0.976187060184", "1.0", "1.0", "1.0", "0.5", "0.5"});
    // bool [T, F, T] against [T, T, T]: cosine 2 / (sqrt(2) sqrt(3)) → 0.816496580928; ratio 2/3 → 0.666666666667.
    CHECK(metrics_of(atb_tensor("pm_bool_t", kAtbBool, {3}, bytes_of(std::vector<std::uint8_t>{1, 0, 1})),
                     atb_tensor("pm_bool_g", kAtbBool, {3}, bytes_of(std::vector<std::uint8_t>{1, 1, 1}))) ==
          Cells{"0.816496580928", "1.0", "1.0", "1.0", "0.666666666667", "0.666666666667"});
}

TEST_CASE("atb pair metrics: the checks that make every cell N/A", "[atb_compare]") {
    // _check_shape.
    CHECK(metrics_of(atb_float32("pm_shape_t", {1, 2}), atb_float32("pm_shape_g", {1, 2}, {1, 2})) == kNone);
    // _check_nan_inf: nan at different places.
    const float nan = std::numeric_limits<float>::quiet_NaN();
    CHECK(metrics_of(atb_float32("pm_nan_t", {1, nan}), atb_float32("pm_nan_g", {nan, 1})) == kNone);
}

TEST_CASE("atb pair metrics: the cells msprobe computes in spite of its checks", "[atb_compare]") {
    // nan at the same places is zeroed on both sides: [1, 0] against [2, 0].
    const float nan = std::numeric_limits<float>::quiet_NaN();
    CHECK(metrics_of(atb_float32("pm_nans_t", {1, nan}), atb_float32("pm_nans_g", {2, nan})) ==
          Cells{"1.0", "1.0", "1.0", "0.5", "0.5", "0.5"});
    // One element: cosine "unsupported" (a 1-d tensor of length 1), the rest computed.
    CHECK(metrics_of(atb_float32("pm_one_t", {2}), atb_float32("pm_one_g", {1})) ==
          Cells{"unsupported", "1.0", "1.0", "1.0", "0.0", "0.0"});
    // An all-zero target: cosine "Nan" (all the data is zero in the npu data) → N/A.
    CHECK(metrics_of(atb_float32("pm_zero_t", {0, 0}), atb_float32("pm_zero_g", {1, 2}))[0] == "N/A");
    // Different dtypes only add a message: float16 [1, 2] against float32 [1, 2].
    CHECK(metrics_of(atb_tensor("pm_dt_t", kAtbFloat16, {2}, float16_bytes({1, 2})), atb_float32("pm_dt_g", {1, 2})) ==
          Cells{"1.0", "0.0", "0.0", "0.0", "1.0", "1.0"});
}
