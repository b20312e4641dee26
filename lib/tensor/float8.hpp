#pragma once
// Decoding of the 8-bit float formats torch >= 2.1 can save, and of Ascend's
// HiFloat8. TensorView has no float8 dtype: readers widen them to float32,
// which is exact.
#include <cmath>
#include <cstdint>
#include <limits>

namespace msprobe::tensor {

enum class Float8Format { E4M3FN, E5M2, E4M3FNUZ, E5M2FNUZ, E8M0FNU, HiFloat8 };

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

// HiFloat8: sign, then a prefix-coded "dot" field giving the number of
// exponent bits D (11 -> 4, 10 -> 3, 01 -> 2, 001 -> 1, 0001 -> 0), then D
// exponent bits in sign-magnitude with an implicit leading one, then the
// mantissa; 0000 starts a denormal 2^(M-23). 0x00 is 0, 0x80 NaN, 0x6F/0xEF inf.
inline float decode_hifloat8(std::uint8_t bits) {
    if (bits == 0x00) return 0.0F;
    if (bits == 0x80) return std::numeric_limits<float>::quiet_NaN();
    const float sign = (bits & 0x80) != 0 ? -1.0F : 1.0F;
    if ((bits & 0x7F) == 0x6F) return sign * std::numeric_limits<float>::infinity();
    const int x = bits & 0x7F;
    int exponent_bits = 0;
    int mantissa_bits = 3;
    if ((x >> 5) == 0b11) {
        exponent_bits = 4, mantissa_bits = 1;
    } else if ((x >> 5) == 0b10) {
        exponent_bits = 3, mantissa_bits = 2;
    } else if ((x >> 5) == 0b01) {
        exponent_bits = 2;
    } else if ((x >> 4) == 0b001) {
        exponent_bits = 1;
    } else if ((x >> 3) == 0b0001) {
        exponent_bits = 0;
    } else {
        return sign * std::ldexp(1.0F, (x & 0x7) - 23);
    }
    const int mantissa = x & ((1 << mantissa_bits) - 1);
    const int field = (x >> mantissa_bits) & ((1 << exponent_bits) - 1);
    int exponent = 0;
    if (exponent_bits > 0) {
        const int magnitude = (1 << (exponent_bits - 1)) + (field & ((1 << (exponent_bits - 1)) - 1));
        exponent = (field >> (exponent_bits - 1)) != 0 ? -magnitude : magnitude;
    }
    return sign * std::ldexp(1.0F + static_cast<float>(mantissa) / static_cast<float>(1 << mantissa_bits), exponent);
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
        case Float8Format::HiFloat8: return float8_detail::decode_hifloat8(bits);
    }
    return nan;
}

}  // namespace msprobe::tensor
