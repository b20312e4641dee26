#pragma once
// Decoding of the 8-bit float formats torch >= 2.1 can save. TensorView has
// no float8 dtype: readers widen them to float32, which
// is exact.
#include <cmath>
#include <cstdint>
#include <limits>

namespace msprobe::tensor {

enum class Float8Format { E4M3FN, E5M2, E4M3FNUZ, E5M2FNUZ, E8M0FNU };

namespace float8_detail {

// sign | exponent | mantissa with the given widths and bias; subnormals when
// the exponent field is 0.
inline float decode(std::uint8_t bits, int exponent_bits, int mantissa_bits, int bias) {
    const int mantissa_mask = (1 << mantissa_bits) - 1;
    const int mantissa = bits & mantissa_mask;
    const int exponent = (bits >> mantissa_bits) & ((1 << exponent_bits) - 1);
    const float sign = (bits & 0x80) != 0 ? -1.0F : 1.0F;
    const float fraction = static_cast<float>(mantissa) / static_cast<float>(1 << mantissa_bits);
    if (exponent == 0) return sign * std::ldexp(fraction, 1 - bias);
    return sign * std::ldexp(1.0F + fraction, exponent - bias);
}

}  // namespace float8_detail

inline float float8_to_float(std::uint8_t bits, Float8Format format) {
    constexpr float nan = std::numeric_limits<float>::quiet_NaN();
    constexpr float inf = std::numeric_limits<float>::infinity();
    switch (format) {
        case Float8Format::E4M3FN:  // no infinities; S.1111.111 is NaN
            if ((bits & 0x7F) == 0x7F) return nan;
            return float8_detail::decode(bits, 4, 3, 7);
        case Float8Format::E5M2:  // IEEE-like, bias 15
            if ((bits & 0x7C) == 0x7C) return (bits & 0x03) != 0 ? nan : ((bits & 0x80) != 0 ? -inf : inf);
            return float8_detail::decode(bits, 5, 2, 15);
        case Float8Format::E4M3FNUZ:  // no infinities, no -0: 0x80 is NaN
            if (bits == 0x80) return nan;
            return float8_detail::decode(bits, 4, 3, 8);
        case Float8Format::E5M2FNUZ:
            if (bits == 0x80) return nan;
            return float8_detail::decode(bits, 5, 2, 16);
        case Float8Format::E8M0FNU:  // exponent only: 2^(e-127)
            if (bits == 0xFF) return nan;
            return std::ldexp(1.0F, bits - 127);
    }
    return nan;
}

}  // namespace msprobe::tensor
