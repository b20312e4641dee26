// The August 2026 relative-error epsilon: that of result_type(npu, bench,
// float32), added and computed in that type, against the float64 one of before.
#include <catch2/catch.hpp>

#include <cmath>

#include "metrics/relative_error.hpp"
#include "metrics/tensor_metrics.hpp"
#include "test_tensors.hpp"

namespace msprobe::metrics {

TEST_CASE("august epsilon: float32 data shift by 2^-23 where the bench is 0") {
    constexpr auto kAugust = RelativeEpsilon::OfComputeType;
    // (1 + 2^-23 - 2^-23) / 2^-23 in float32.
    CHECK(relative_error(1.0, Precision::Single, 0.0, Precision::Single, kAugust) == 8388608.0);
    // Before: 2^-52 vanishes next to 1 in float32 but not beside 0.
    CHECK(relative_error(1.0, Precision::Single, 0.0, Precision::Single) == std::ldexp(1.0, 52));
    // float64 data keep float64's epsilon either way.
    CHECK(relative_error(1.0, Precision::Double, 0.0, Precision::Double, kAugust) ==
          relative_error(1.0, Precision::Double, 0.0, Precision::Double));
    // float16 zeros: computed in float32 they give 0, where float16 gave NaN.
    CHECK(relative_error(0.0, Precision::Half, 0.0, Precision::Half, kAugust) == 0.0);
    CHECK(std::isnan(relative_error(0.0, Precision::Half, 0.0, Precision::Half)));
    // Elsewhere the rule changes nothing.
    CHECK(relative_error(1.5, Precision::Single, 1.0, Precision::Single, kAugust) == 0.5);
}

TEST_CASE("august epsilon reaches MaxRelativeErr and the ratios of a tensor pair") {
    using testing::make_tensor;
    const auto npu = make_tensor(tensor::DType::Float32, {1.0, 2.0, 0.0, 4.0}, {4});
    const auto bench = make_tensor(tensor::DType::Float32, {1.0, 2.0, 0.0, 0.0}, {4});
    CompareOptions options;
    options.relative_epsilon = RelativeEpsilon::OfComputeType;
    const PairMetrics august = compare_tensors(npu, bench, options);
    CHECK(august.max_relative_err.value == 33554432.0);  // 4 / 2^-23
    CHECK(august.one_thousandth_err_ratio.value == 0.75);
    const PairMetrics april = compare_tensors(npu, bench, CompareOptions{});
    CHECK(april.max_relative_err.value == std::ldexp(1.0, 54));
}

TEST_CASE("august epsilon holds for 0-d tensors, whose shape is checked first") {
    using testing::make_tensor;
    using testing::scalar_tensor;
    CompareOptions options;
    options.relative_epsilon = RelativeEpsilon::OfComputeType;
    options.shape_before_zero_dim = true;
    const auto npu = scalar_tensor(tensor::DType::Float32, 1.0);
    CHECK(compare_tensors(npu, scalar_tensor(tensor::DType::Float32, 0.0), options).max_relative_err.value ==
          8388608.0);
    const auto bench = make_tensor(tensor::DType::Float32, {1.0, 1.0}, {2});
    CHECK(compare_tensors(npu, bench, options).error == PairError::ShapeMismatch);
    // Before, the 0-d value was broadcast against the bench.
    CHECK_FALSE(compare_tensors(npu, bench, CompareOptions{}).error);
}

}  // namespace msprobe::metrics
