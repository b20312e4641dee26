// msprobe's element-wise relative error (compare spec §7.3): |(n' - b') / b'|
// in NumPy's promoted floating type, eps = 2^-52 in each operand's own type
// added to both where b == 0 (April), or the compute type's eps after a cast to
// at least float32 (August). Expected values are worked out by hand from the
// formats' rounding (float16: 10 fraction bits, float32: 23).
#include "metrics/relative_error.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace msprobe::metrics;
using msprobe::tensor::DType;

TEST_CASE("relative error: the precision of each dtype and NumPy's promotion", "[metrics][relative_error]") {
    CHECK(precision_of(DType::Float16) == Precision::Half);
    CHECK(precision_of(DType::BFloat16) == Precision::Single);  // the reader made it float32
    CHECK(precision_of(DType::Float32) == Precision::Single);
    CHECK(precision_of(DType::Float64) == Precision::Double);
    for (const auto dtype : {DType::Int8, DType::Int64, DType::UInt8, DType::Bool, DType::Complex64}) {
        CHECK(precision_of(dtype) == Precision::Double);
    }
    CHECK(promote(Precision::Half, Precision::Half) == Precision::Half);
    CHECK(promote(Precision::Half, Precision::Single) == Precision::Single);
    CHECK(promote(Precision::Double, Precision::Half) == Precision::Double);
}

TEST_CASE("relative error: rounding to a precision and the ratio thresholds", "[metrics][relative_error]") {
    CHECK(round_to(Precision::Half, 0.2) == 1638.0 / 8192);  // 1.6 · 2^-3: 1638.4 / 1024 rounds to 1638
    CHECK(round_to(Precision::Single, 0.1) == static_cast<double>(0.1F));
    CHECK(round_to(Precision::Double, 0.1) == 0.1);
    CHECK(kRelativeEpsilon == std::ldexp(1.0, -52));
    CHECK(round_to(Precision::Half, kRelativeEpsilon) == 0.0);  // below float16's smallest subnormal, 2^-24

    // 0.001 = 1.024 · 2^-10 → 1049 · 2^-20; 0.005 = 1.28 · 2^-8 → 1311 · 2^-18.
    const auto half = ratio_thresholds(Precision::Half);
    CHECK(half.one_thousandth == 1049.0 / (1 << 20));
    CHECK(half.five_thousandths == 1311.0 / (1 << 18));
    const auto single = ratio_thresholds(Precision::Single);
    CHECK(single.one_thousandth == static_cast<double>(0.001F));
    CHECK(single.five_thousandths == static_cast<double>(0.005F));
    const auto dbl = ratio_thresholds(Precision::Double);
    CHECK(dbl.one_thousandth == 0.001);
    CHECK(dbl.five_thousandths == 0.005);
}

TEST_CASE("relative error: each precision rounds the quotient its own way", "[metrics][relative_error]") {
    // (1.5 - 1.25) / 1.25 = 0.2 exactly, then rounded to the promoted type.
    CHECK(relative_error(1.5, Precision::Half, 1.25, Precision::Half) == 1638.0 / 8192);
    CHECK(relative_error(1.5, Precision::Single, 1.25, Precision::Half) == static_cast<double>(0.2F));
    CHECK(relative_error(1.5, Precision::Half, 1.25, Precision::Double) == 0.2);
    CHECK(relative_error(3.0, Precision::Double, 4.0, Precision::Double) == 0.25);
    CHECK(relative_error(-5.0, Precision::Double, 4.0, Precision::Double) == 2.25);  // the absolute value
}

TEST_CASE("relative error: April's epsilon where the bench is zero", "[metrics][relative_error]") {
    // The spec's vector: float32 N = 1e-8, B = 0 gives 45035996.0.
    const double n = static_cast<double>(1e-8F);
    CHECK(relative_error(n, Precision::Single, 0.0, Precision::Single) == 45035996.0);
    // float64: (1 + 2^-52 - 2^-52) / 2^-52 = 2^52; float32: 1 + 2^-52 rounds to 1, the same 2^52.
    CHECK(relative_error(1.0, Precision::Double, 0.0, Precision::Double) == std::ldexp(1.0, 52));
    CHECK(relative_error(1.0, Precision::Single, 0.0, Precision::Single) == std::ldexp(1.0, 52));
    CHECK(relative_error(0.0, Precision::Single, 0.0, Precision::Single) == 0.0);
    // float16: the epsilon is 0 there, so two zeros give 0/0 (msprobe's quirk, kept).
    CHECK(std::isnan(relative_error(0.0, Precision::Half, 0.0, Precision::Half)));
    CHECK(std::isinf(relative_error(1.0, Precision::Half, 0.0, Precision::Half)));
}

TEST_CASE("relative error: August's epsilon is the compute type's, float32 at least", "[metrics][relative_error]") {
    CHECK(relative_precision(Precision::Half, Precision::Half, RelativeEpsilon::Float64) == Precision::Half);
    CHECK(relative_precision(Precision::Half, Precision::Half, RelativeEpsilon::OfComputeType) == Precision::Single);
    CHECK(relative_precision(Precision::Single, Precision::Double, RelativeEpsilon::OfComputeType) ==
          Precision::Double);
    constexpr auto august = RelativeEpsilon::OfComputeType;
    // float32: (1 + 2^-23 - 2^-23) / 2^-23 = 2^23; float16 data are computed in float32 too.
    CHECK(relative_error(1.0, Precision::Single, 0.0, Precision::Single, august) == std::ldexp(1.0, 23));
    CHECK(relative_error(1.0, Precision::Half, 0.0, Precision::Half, august) == std::ldexp(1.0, 23));
    CHECK(relative_error(0.0, Precision::Half, 0.0, Precision::Half, august) == 0.0);  // no more 0/0
    CHECK(relative_error(1.0, Precision::Double, 0.0, Precision::Double, august) == std::ldexp(1.0, 52));
    // Away from zero benches August still computes float16 data in float32.
    CHECK(relative_error(1.5, Precision::Half, 1.25, Precision::Half, august) == static_cast<double>(0.2F));
    CHECK(relative_error(1.5, Precision::Half, 1.25, Precision::Half, RelativeEpsilon::Float64) == 1638.0 / 8192);
}
