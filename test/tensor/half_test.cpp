#include "tensor/half.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>


using namespace msprobe::tensor;

namespace {

std::uint32_t bits_of(float value) { return std::bit_cast<std::uint32_t>(value); }

// Independent reference: round |value| to `significant_bits` with the
// hardware's round-to-nearest-even on doubles, below `min_exponent` with a
// fixed quantum (subnormals).
float round_reference(float value, int significant_bits, int min_exponent) {
    const double exact = value;
    if (exact == 0.0 || !std::isfinite(exact)) return value;
    const int exponent = std::max(std::ilogb(exact), min_exponent);
    const double quantum = std::ldexp(1.0, exponent - (significant_bits - 1));
    const double rounded = std::nearbyint(exact / quantum) * quantum;
    if (std::fabs(rounded) > std::numeric_limits<float>::max())
        return std::copysign(std::numeric_limits<float>::infinity(), value);
    return static_cast<float>(rounded);
}

std::uint16_t bfloat16_reference(float value) {
    const float rounded = round_reference(value, 8, -126);
    return static_cast<std::uint16_t>(bits_of(rounded) >> 16);
}

// The compiler's own float16 conversion, where C++ has _Float16 (g++ 12
// knows the type on aarch64 too, but only in C).
#if defined(__FLT16_MAX__) && !(defined(__aarch64__) && defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 13)
#define MSPROBE_HAS_CXX_FLOAT16 1
#endif

#ifdef MSPROBE_HAS_CXX_FLOAT16
std::uint16_t compiler_half(float value) {
    const auto half = static_cast<_Float16>(value);
    std::uint16_t bits;
    std::memcpy(&bits, &half, sizeof bits);
    return bits;
}
#endif

}  // namespace

TEST_CASE("every float16 widens exactly and narrows back to itself", "[half]") {
    for (std::uint32_t b = 0; b <= 0xFFFF; ++b) {
        const auto bits = static_cast<std::uint16_t>(b);
        const float value = half_to_float(bits);
        const bool nan = (bits & 0x7C00) == 0x7C00 && (bits & 0x3FF) != 0;
        if (nan) {
            REQUIRE(std::isnan(value));
            continue;
        }
        // value = (-1)^s * 2^(e-15) * (1 + m/1024), or 2^-14 * m/1024 for subnormals
        const int exponent = (bits >> 10) & 0x1F;
        const int mantissa = bits & 0x3FF;
        const double magnitude = exponent == 0x1F ? std::numeric_limits<double>::infinity()
                                 : exponent == 0  ? std::ldexp(mantissa / 1024.0, -14)
                                                  : std::ldexp(1.0 + mantissa / 1024.0, exponent - 15);
        REQUIRE(static_cast<double>(value) == ((bits & 0x8000) ? -magnitude : magnitude));
        REQUIRE(std::signbit(value) == ((bits & 0x8000) != 0));
        REQUIRE(float_to_half(value) == bits);
    }
}

TEST_CASE("float to float16 rounds to nearest even at every tie", "[half]") {
    // Midpoints between neighbouring halves, and the floats just beside them.
    for (std::uint32_t b = 0; b < 0x7BFF; ++b) {
        const float low = half_to_float(static_cast<std::uint16_t>(b));
        const float high = half_to_float(static_cast<std::uint16_t>(b + 1));
        const float middle = static_cast<float>((static_cast<double>(low) + high) / 2);
        const auto even = static_cast<std::uint16_t>((b & 1) == 0 ? b : b + 1);
        REQUIRE(float_to_half(middle) == even);
        REQUIRE(float_to_half(-middle) == (even | 0x8000));
        REQUIRE(float_to_half(std::nextafter(middle, 0.0F)) == b);
        REQUIRE(float_to_half(std::nextafter(middle, 1e9F)) == b + 1);
    }
    REQUIRE(float_to_half(65519.996F) == 0x7BFF);
    REQUIRE(float_to_half(65520.0F) == 0x7C00);
    REQUIRE(float_to_half(std::numeric_limits<float>::max()) == 0x7C00);
    REQUIRE(float_to_half(-std::numeric_limits<float>::infinity()) == 0xFC00);
    REQUIRE(float_to_half(std::numeric_limits<float>::denorm_min()) == 0x0000);
    REQUIRE(float_to_half(-std::numeric_limits<float>::denorm_min()) == 0x8000);
    REQUIRE(float_to_half(std::ldexp(1.0F, -25)) == 0x0000);                           // tie to even zero
    REQUIRE(float_to_half(std::nextafter(std::ldexp(1.0F, -25), 1.0F)) == 0x0001);     // just above the tie
    REQUIRE(float_to_half(std::ldexp(3.0F, -25)) == 0x0002);                           // 1.5 ulp -> 2
    REQUIRE(float_to_half(std::numeric_limits<float>::quiet_NaN()) == 0x7E00);
    REQUIRE(float_to_half(-std::numeric_limits<float>::quiet_NaN()) == 0xFE00);
}

TEST_CASE("float to float16 agrees with the rounding reference across the float range", "[half]") {
    // A stride prime to 2^32 visits every exponent and mantissa pattern class.
    for (std::uint64_t b = 0; b <= 0xFFFFFFFFULL; b += 65521) {
        const float value = std::bit_cast<float>(static_cast<std::uint32_t>(b));
        if (std::isnan(value)) continue;
        const float reference = round_reference(value, 11, -14);
        const std::uint16_t half = float_to_half(value);
        if (std::fabs(reference) >= 65536.0F) {
            REQUIRE(half == (std::signbit(value) ? 0xFC00 : 0x7C00));
        } else {
            REQUIRE(bits_of(half_to_float(half)) == bits_of(reference));
        }
#ifdef MSPROBE_HAS_CXX_FLOAT16
        REQUIRE(float_to_half(value) == compiler_half(value));
#endif
    }
}

TEST_CASE("bfloat16 widens exactly and narrows with round to nearest even", "[half]") {
    for (std::uint32_t b = 0; b <= 0xFFFF; ++b) {
        const auto bits = static_cast<std::uint16_t>(b);
        const float value = bfloat16_to_float(bits);
        REQUIRE(bits_of(value) == b << 16);
        if (!std::isnan(value)) REQUIRE(float_to_bfloat16(value) == bits);
    }
    for (std::uint64_t b = 0; b <= 0xFFFFFFFFULL; b += 65519) {
        const float value = std::bit_cast<float>(static_cast<std::uint32_t>(b));
        if (std::isnan(value)) continue;
        REQUIRE(float_to_bfloat16(value) == bfloat16_reference(value));
    }
    REQUIRE(float_to_bfloat16(1.00390625F) == 0x3F80);   // 1 + 2^-8: tie, to even (1.0)
    REQUIRE(float_to_bfloat16(1.01171875F) == 0x3F82);   // 1 + 3*2^-8: tie, to even (1 + 2^-6)
    REQUIRE(float_to_bfloat16(std::numeric_limits<float>::max()) == 0x7F80);
    REQUIRE(float_to_bfloat16(std::numeric_limits<float>::quiet_NaN()) == 0x7FC0);
    REQUIRE(float_to_bfloat16(-std::numeric_limits<float>::quiet_NaN()) == 0x7FC0);  // c10 drops the sign
}
