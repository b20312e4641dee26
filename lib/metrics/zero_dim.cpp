#include "metrics/zero_dim.hpp"

#include <cmath>
#include <cstring>
#include <limits>

#include "metrics/half_float.hpp"
#include "metrics/relative_error.hpp"
#include "metrics/scalar_reference.hpp"
#include "tensor/numpy_promotion.hpp"

namespace msprobe::metrics {

using tensor::DType;

namespace {

int integer_bits(DType t) {
    switch (t) {
        case DType::Int8: case DType::UInt8: return 8;
        case DType::Int16: return 16;
        case DType::Int32: return 32;
        default: return 64;
    }
}

std::int64_t read_integer(const std::byte* p, DType t) {
    switch (t) {
        case DType::Int8: { std::int8_t v; std::memcpy(&v, p, 1); return v; }
        case DType::Int16: { std::int16_t v; std::memcpy(&v, p, 2); return v; }
        case DType::Int32: { std::int32_t v; std::memcpy(&v, p, 4); return v; }
        case DType::Int64: { std::int64_t v; std::memcpy(&v, p, 8); return v; }
        case DType::UInt8: { std::uint8_t v; std::memcpy(&v, p, 1); return v; }
        case DType::Bool: { std::uint8_t v; std::memcpy(&v, p, 1); return v != 0 ? 1 : 0; }
        default: return 0;
    }
}

// |a - b| in `type`, wrapping like NumPy's fixed-width integers.
double integer_abs_diff(std::int64_t a, std::int64_t b, DType type) {
    const int bits = integer_bits(type);
    const std::uint64_t raw = static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b);
    if (type == DType::UInt8) return static_cast<double>(raw & 0xffu);  // abs of unsigned is itself
    // Sign-extend the low `bits` bits, then abs with wrap (abs(min) == min).
    const std::uint64_t mask = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
    const std::uint64_t sign_bit = std::uint64_t{1} << (bits - 1);
    std::uint64_t low = raw & mask;
    const bool negative = (low & sign_bit) != 0;
    if (negative) low = (~low + 1) & mask;
    const bool still_negative = (low & sign_bit) != 0;  // only for the minimum value
    const auto magnitude = static_cast<double>(low);
    return still_negative ? -magnitude : magnitude;
}

// |n - b| in the promoted native type, as a double (float operands are exact
// in any wider float type, and NumPy's promotion never narrows an integer).
double native_abs_diff(const std::byte* n, DType n_type, const std::byte* b, DType b_type, DType result) {
    const double nv = read_element_as_double(n, n_type);
    const double bv = read_element_as_double(b, b_type);
    switch (result) {
        case DType::Float16: return std::fabs(round_to_half(static_cast<float>(nv) - static_cast<float>(bv)));
        case DType::Float32: return std::fabs(static_cast<float>(nv) - static_cast<float>(bv));
        case DType::Float64: return std::fabs(nv - bv);
        default: return integer_abs_diff(read_integer(n, n_type), read_integer(b, b_type), result);
    }
}

// How the 0-d path sees a dtype: bfloat16 as float32 (pytorch reader),
// complex as float64 (real part).
DType as_loaded(DType t) {
    if (t == DType::BFloat16) return DType::Float32;
    if (t == DType::Complex64 || t == DType::Complex128) return DType::Float64;
    return t;
}

}  // namespace

ZeroDimErrors zero_dim_errors(const tensor::TensorView& npu, const tensor::TensorView& bench,
                              RelativeEpsilon epsilon) {
    constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
    const std::int64_t count = bench.numel();
    if (count == 0) return {kNan, kNan};

    // msprobe's reshape step turns a bool NPU value (and the bench) into float64.
    DType n_type = as_loaded(npu.dtype);
    DType b_type = as_loaded(bench.dtype);
    if (n_type == DType::Bool) {
        n_type = DType::Float64;
        b_type = DType::Float64;
    }
    // bool only ever on the bench side here; bfloat16 and complex arrive as as_loaded reads them.
    const DType result_type = tensor::numpy_result_type(n_type, b_type);
    const double n_value = read_element_as_double(npu.data, npu.dtype);
    const Precision n_precision = precision_of(npu.dtype);
    const Precision b_precision = precision_of(bench.dtype);

    // np.max: propagates nan; seeded with the first value because a wrapped
    // integer abs can be negative.
    const auto nan_propagating_max = [](double a, double b) {
        return std::isnan(a) ? a : (std::isnan(b) || b > a) ? b : a;
    };
    double max_abs = kNan;
    double max_rel = kNan;
    for (std::int64_t i = 0; i < count; ++i) {
        const std::byte* b = bench.data + element_byte_offset(bench, i);
        const double abs_diff = native_abs_diff(npu.data, npu.dtype, b, bench.dtype, result_type);
        const double rel = relative_error(n_value, n_precision, read_element_as_double(b, bench.dtype), b_precision,
                                          epsilon);
        max_abs = i == 0 ? abs_diff : nan_propagating_max(max_abs, abs_diff);
        max_rel = i == 0 ? rel : nan_propagating_max(max_rel, rel);
    }
    return {max_abs, max_rel};
}

}  // namespace msprobe::metrics
