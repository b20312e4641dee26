#pragma once
// Bit-exact IEEE binary16 and bfloat16 conversions (scalar). NumPy's float16
// arithmetic is "convert to float32, operate, round back to float16", so the
// metric semantics need exactly these two directions with round-to-nearest-even.
#include <bit>
#include <cstdint>

namespace msprobe::metrics {

// Every binary16 value is exactly representable in float32.
inline float half_to_float(std::uint16_t half) {
    const std::uint32_t sign = static_cast<std::uint32_t>(half & 0x8000u) << 16;
    const std::uint32_t exponent = (half >> 10) & 0x1fu;
    const std::uint32_t mantissa = half & 0x3ffu;
    if (exponent == 0x1f) {  // inf / nan keep their payload bits
        return std::bit_cast<float>(sign | 0x7f800000u | (mantissa << 13));
    }
    if (exponent == 0) {  // zero or subnormal: mantissa * 2^-24, exact in float32
        const float magnitude = static_cast<float>(mantissa) * 0x1p-24f;
        return sign != 0 ? -magnitude : magnitude;
    }
    return std::bit_cast<float>(sign | ((exponent + 112u) << 23) | (mantissa << 13));
}

// Round-to-nearest-even; overflow gives inf, nan stays nan (quiet).
inline std::uint16_t float_to_half(float value) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
    const auto sign = static_cast<std::uint16_t>((bits >> 16) & 0x8000u);
    const std::uint32_t magnitude = bits & 0x7fffffffu;
    if (magnitude > 0x7f800000u) {  // nan
        return static_cast<std::uint16_t>(sign | 0x7e00u | ((magnitude >> 13) & 0x3ffu));
    }
    if (magnitude >= 0x477ff000u) {  // >= 65520 rounds to inf (65504 is the largest half)
        return static_cast<std::uint16_t>(sign | 0x7c00u);
    }
    if (magnitude < 0x38800000u) {  // below 2^-14: half subnormal, quantum 2^-24
        // Adding 0.5 puts the value where float32's ulp is 2^-24, so the hardware
        // addition performs exactly the round-to-nearest-even we need.
        const float rounded = (std::bit_cast<float>(magnitude) + 0.5f) - 0.5f;
        return static_cast<std::uint16_t>(sign | static_cast<std::uint16_t>(rounded * 0x1p24f));
    }
    // Normal: drop 13 mantissa bits with round-to-nearest-even; a carry may
    // ripple into the exponent, which is the correct result.
    const std::uint32_t rounded = magnitude + 0x0fffu + ((magnitude >> 13) & 1u);
    return static_cast<std::uint16_t>(sign | ((rounded - 0x38000000u) >> 13));
}

// float32 -> nearest float16 value, kept as float32 (NumPy's per-operation rounding).
inline float round_to_half(float value) { return half_to_float(float_to_half(value)); }

// bfloat16 is the upper half of a float32.
inline float bfloat16_to_float(std::uint16_t bf16) {
    return std::bit_cast<float>(static_cast<std::uint32_t>(bf16) << 16);
}

}  // namespace msprobe::metrics
