#pragma once
// The natural log of float32 values in a form the compiler vectorizes
// (Cephes' logf: the mantissa's log(1 + f) by a degree-9 polynomial plus the
// exponent times ln 2 in two parts), for the KL divergence's term of every
// element. Inputs it is not made for (zero, negative, subnormal, inf, NaN)
// are reported, and the caller takes std::log for them.
#include <bit>
#include <cstdint>

namespace msprobe::kernel_dump_compare {

// log(x) for a positive normal finite x; `special` is 1 when x is not one, else 0
// (an int and bitwise operators: no branch keeps the loop from vectorizing).
inline float float_log(float x, int& special) {
    const auto bits = std::bit_cast<std::uint32_t>(x);
    const auto biased = static_cast<std::int32_t>((bits >> 23) & 0xFFU);
    special = static_cast<int>(bits >> 31) | static_cast<int>(biased == 0) | static_cast<int>(biased == 0xFF);
    // frexpf: x = m * 2^e with m in [0.5, 1).
    float m = std::bit_cast<float>((bits & 0x007FFFFFU) | 0x3F000000U);
    auto e = static_cast<float>(biased - 126);
    constexpr float kSqrtHalf = 0.707106781186547524F;
    const bool low = m < kSqrtHalf;
    e = low ? e - 1.0F : e;
    m = low ? m + m - 1.0F : m - 1.0F;
    const float z = m * m;
    float y = 7.0376836292E-2F;
    y = y * m - 1.1514610310E-1F;
    y = y * m + 1.1676998740E-1F;
    y = y * m - 1.2420140846E-1F;
    y = y * m + 1.4249322787E-1F;
    y = y * m - 1.6668057665E-1F;
    y = y * m + 2.0000714765E-1F;
    y = y * m - 2.4999993993E-1F;
    y = y * m + 3.3333331174E-1F;
    y = y * m * z;
    y += -2.12194440E-4F * e;
    y += -0.5F * z;
    return m + y + 0.693359375F * e;
}

}  // namespace msprobe::kernel_dump_compare
