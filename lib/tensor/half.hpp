#pragma once
// IEEE binary16 and bfloat16 <-> binary32, bit-exact. Widening is exact;
// narrowing rounds to nearest, ties to even, like c10::Half / c10::BFloat16,
// so float16 arithmetic can be emulated as "compute in float, round to half".
#include <bit>
#include <cstdint>

namespace msprobe::tensor {

constexpr float half_to_float(std::uint16_t bits) {
    const std::uint32_t sign = static_cast<std::uint32_t>(bits & 0x8000U) << 16;
    const std::uint32_t exponent = (bits >> 10) & 0x1FU;
    std::uint32_t mantissa = bits & 0x3FFU;
    if (exponent == 0x1F)
        return std::bit_cast<float>(sign | 0x7F800000U | (mantissa << 13));  // inf, NaN (payload kept)
    if (exponent != 0) return std::bit_cast<float>(sign | ((exponent + 112) << 23) | (mantissa << 13));
    if (mantissa == 0) return std::bit_cast<float>(sign);
    // Subnormal half: normalise; every one is a normal float.
    std::uint32_t float_exponent = 113;  // biased exponent of 2^-14
    while ((mantissa & 0x400U) == 0) {
        mantissa <<= 1;
        --float_exponent;
    }
    return std::bit_cast<float>(sign | (float_exponent << 23) | ((mantissa & 0x3FFU) << 13));
}

constexpr std::uint16_t float_to_half(float value) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
    const auto sign = static_cast<std::uint16_t>((bits >> 16) & 0x8000U);
    const std::uint32_t magnitude = bits & 0x7FFFFFFFU;
    if (magnitude > 0x7F800000U)
        return static_cast<std::uint16_t>(sign | 0x7E00U);  // NaN -> quiet NaN, sign kept (as c10)
    if (magnitude >= 0x477FF000U) return static_cast<std::uint16_t>(sign | 0x7C00U);  // >= 65520 rounds to infinity
    if (magnitude >= 0x38800000U) {                       // normal half (>= 2^-14)
        const std::uint32_t round_bias = 0xFFFU + ((magnitude >> 13) & 1U);
        // Re-bias the exponent (127 -> 15) and round the 13 dropped bits; a
        // mantissa carry correctly bumps the exponent.
        return static_cast<std::uint16_t>(sign | ((magnitude - 0x38000000U + round_bias) >> 13));
    }
    // Subnormal half or zero: the result is round(|value| * 2^24).
    const std::uint32_t exponent = magnitude >> 23;
    const std::uint32_t shift = 126 - exponent;  // significand * 2^(exponent-150) * 2^24
    if (exponent == 0 || shift > 24) return sign;
    const std::uint32_t significand = (magnitude & 0x7FFFFFU) | 0x800000U;
    std::uint32_t result = significand >> shift;
    const std::uint32_t remainder = significand & ((1U << shift) - 1U);
    const std::uint32_t halfway = 1U << (shift - 1);
    if (remainder > halfway || (remainder == halfway && (result & 1U) != 0)) ++result;
    return static_cast<std::uint16_t>(sign | result);
}

constexpr float bfloat16_to_float(std::uint16_t bits) {
    return std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16);
}

constexpr std::uint16_t float_to_bfloat16(float value) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
    if ((bits & 0x7FFFFFFFU) > 0x7F800000U) return 0x7FC0;  // NaN, as c10::BFloat16
    const std::uint32_t round_bias = 0x7FFFU + ((bits >> 16) & 1U);
    return static_cast<std::uint16_t>((bits + round_bias) >> 16);
}

}  // namespace msprobe::tensor
