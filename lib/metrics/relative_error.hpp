#pragma once
// msprobe's element-wise relative error, scalar form:
// computed in the arrays' native floating types with NumPy's promotion, eps
// added where bench == 0. The scalar reference and the 0-d path use this; the
// SIMD kernel re-implements the same steps on vectors and is tested against it.
#include <algorithm>
#include <cmath>

#include "metrics/half_float.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::metrics {

// The floating type a tensor's values live in for the relative error:
// bfloat16 was converted to float32 by the reader, and a non-floating operand
// (ints, bool, complex) is converted to float64.
enum class Precision : unsigned char { Half, Single, Double };

constexpr Precision precision_of(tensor::DType dtype) {
    switch (dtype) {
        case tensor::DType::Float16: return Precision::Half;
        case tensor::DType::BFloat16:
        case tensor::DType::Float32: return Precision::Single;
        default: return Precision::Double;
    }
}

// NumPy promotion among float16/32/64 is simply the wider type.
constexpr Precision promote(Precision a, Precision b) { return std::max(a, b); }

// Rounds a double to the nearest value of `p` (via float32 for half, which is
// exact for float32 inputs and for the constants used here).
inline double round_to(Precision p, double x) {
    switch (p) {
        case Precision::Half: return half_to_float(float_to_half(static_cast<float>(x)));
        case Precision::Single: return static_cast<float>(x);
        case Precision::Double: break;
    }
    return x;
}

// np.finfo(float).eps, added where bench == 0. Converted to float16 it is 0.
inline constexpr double kRelativeEpsilon = 0x1p-52;

// The thresholds 0.001 / 0.005 as NumPy compares them: converted to rel's type.
struct RatioThresholds {
    double one_thousandth;
    double five_thousandths;
};
inline RatioThresholds ratio_thresholds(Precision rel_precision) {
    return {round_to(rel_precision, 0.001), round_to(rel_precision, 0.005)};
}

// x + y evaluated in precision p (operands are values of p).
inline double add_in(Precision p, double x, double y) {
    switch (p) {
        case Precision::Half: return round_to_half(static_cast<float>(x) + static_cast<float>(y));
        case Precision::Single: return static_cast<float>(x) + static_cast<float>(y);
        case Precision::Double: break;
    }
    return x + y;
}

// |(n' - b') / b'| in the promoted precision, where n' and b' get eps (in their
// own precision) added at positions where b == 0. The float16 operations run in
// float32 and are rounded to float16 after each one, like NumPy's half loops.
// n and b are values of their precisions; the result is a value of
// promote(pn, pb) (NaN for float16 0/0: msprobe's quirk, kept for parity).
inline double relative_error(double n, Precision pn, double b, Precision pb) {
    if (b == 0) {
        n = add_in(pn, n, round_to(pn, kRelativeEpsilon));
        b = add_in(pb, b, round_to(pb, kRelativeEpsilon));
    }
    switch (promote(pn, pb)) {
        case Precision::Half: {
            const float diff = round_to_half(static_cast<float>(n) - static_cast<float>(b));
            return std::fabs(round_to_half(diff / static_cast<float>(b)));
        }
        case Precision::Single: {
            const float diff = static_cast<float>(n) - static_cast<float>(b);
            return std::fabs(diff / static_cast<float>(b));
        }
        case Precision::Double: break;
    }
    return std::fabs((n - b) / b);
}

// Which epsilon shifts the elements where bench == 0. msprobe until mid 2026
// adds float64's to each side in its own type (the functions above); the August
// 2026 release first casts both to result_type(npu, bench, float32), adds that
// type's epsilon and computes in it.
enum class RelativeEpsilon : unsigned char { Float64, OfComputeType };

// The type the relative error is computed in under `rule`.
constexpr Precision relative_precision(Precision pn, Precision pb, RelativeEpsilon rule) {
    const Precision p = promote(pn, pb);
    return rule == RelativeEpsilon::Float64 ? p : promote(p, Precision::Single);
}

// The relative error under `rule`: relative_error() for Float64; for
// OfComputeType |(n' - b') / b'| in float32 or float64, eps 2^-23 or 2^-52.
inline double relative_error(double n, Precision pn, double b, Precision pb, RelativeEpsilon rule) {
    if (rule == RelativeEpsilon::Float64) return relative_error(n, pn, b, pb);
    const Precision p = relative_precision(pn, pb, rule);
    if (b == 0) {
        const double eps = p == Precision::Single ? 0x1p-23 : 0x1p-52;
        n = add_in(p, n, eps);
        b = add_in(p, b, eps);
    }
    if (p == Precision::Single) {
        const float diff = static_cast<float>(n) - static_cast<float>(b);
        return std::fabs(diff / static_cast<float>(b));
    }
    return std::fabs((n - b) / b);
}

}  // namespace msprobe::metrics
