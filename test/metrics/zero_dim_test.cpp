// MaxAbsErr and MaxRelativeErr of a 0-d NPU value, computed in NumPy's
// promoted native type and broadcast against the bench tensor.
#include <catch2/catch.hpp>

#include <cmath>

#include "metrics/zero_dim.hpp"
#include "test_tensors.hpp"

using namespace msprobe::metrics;
using namespace msprobe::metrics::testing;

TEST_CASE("a 0-d pair in float32: plain differences", "[metrics][zero_dim]") {
    const ZeroDimErrors e = zero_dim_errors(scalar_tensor(DType::Float32, 2.5), scalar_tensor(DType::Float32, 2.0));
    CHECK(e.max_abs_err == 0.5);
    CHECK(e.max_relative_err == 0.25);  // 0.5 / 2.0
}

TEST_CASE("fixed-width integers wrap as NumPy's do", "[metrics][zero_dim]") {
    // int8: 100 - (-100) = 200 wraps to -56, whose absolute value is 56.
    CHECK(zero_dim_errors(scalar_tensor(DType::Int8, 100), scalar_tensor(DType::Int8, -100)).max_abs_err == 56.0);
    // uint8: 1 - 2 wraps to 255.
    CHECK(zero_dim_errors(scalar_tensor(DType::UInt8, 1), scalar_tensor(DType::UInt8, 2)).max_abs_err == 255.0);
    // int8: |-128| does not fit and stays -128.
    CHECK(zero_dim_errors(scalar_tensor(DType::Int8, -128), scalar_tensor(DType::Int8, 0)).max_abs_err == -128.0);
}

TEST_CASE("the 0-d value broadcasts against a shaped bench, an empty bench gives NaN", "[metrics][zero_dim]") {
    const ZeroDimErrors e =
        zero_dim_errors(scalar_tensor(DType::Float64, 3.0), make_tensor(DType::Float64, {2.0, 4.0}));
    CHECK(e.max_abs_err == 1.0);
    CHECK(e.max_relative_err == 0.5);  // max(1/2, 1/4)
    const ZeroDimErrors empty = zero_dim_errors(scalar_tensor(DType::Float64, 3.0), make_tensor(DType::Float64, {}));
    CHECK(std::isnan(empty.max_abs_err));
    CHECK(std::isnan(empty.max_relative_err));
}
