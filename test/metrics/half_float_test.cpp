// Bit-exact float16/bfloat16 conversions (scalar), checked exhaustively.
#include "metrics/half_float.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <random>

namespace msprobe::metrics {
namespace {

// The value a binary16 pattern denotes, from the IEEE definition.
double half_value(std::uint16_t h) {
    const int sign = (h >> 15) != 0 ? -1 : 1;
    const int exponent = (h >> 10) & 0x1f;
    const int mantissa = h & 0x3ff;
    if (exponent == 0x1f) return mantissa != 0 ? NAN : sign * static_cast<double>(INFINITY);
    if (exponent == 0) return sign * std::ldexp(mantissa, -24);
    return sign * std::ldexp(1024 + mantissa, exponent - 25);
}

TEST_CASE("half_to_float is exact for all 65536 patterns", "[metrics][half]") {
    for (std::uint32_t h = 0; h < 0x10000; ++h) {
        const auto half = static_cast<std::uint16_t>(h);
        const double expected = half_value(half);
        const float actual = half_to_float(half);
        if (std::isnan(expected)) {
            CHECK(std::isnan(actual));
        } else {
            REQUIRE(static_cast<double>(actual) == expected);
            REQUIRE(std::signbit(actual) == std::signbit(expected));
        }
    }
}

TEST_CASE("float_to_half round-trips every half and rounds to nearest even", "[metrics][half]") {
    for (std::uint32_t h = 0; h < 0x10000; ++h) {
        const auto half = static_cast<std::uint16_t>(h);
        const float value = half_to_float(half);
        if (std::isnan(value)) {
            CHECK(std::isnan(half_to_float(float_to_half(value))));
            continue;
        }
        REQUIRE(float_to_half(value) == half);
    }
    // Brute force against the definition: the nearest half, ties to even mantissa.
    std::mt19937 rng(11);
    std::uniform_int_distribution<std::uint32_t> bits(0, 0xffffffffu);
    for (int i = 0; i < 200000; ++i) {
        std::uint32_t b = bits(rng);
        if (i % 2 == 0) b = (b & 0x80000000u) | (0x33000000u + b % 0x14800000u);  // the half range
        float x;
        std::memcpy(&x, &b, 4);
        if (std::isnan(x)) continue;
        const std::uint16_t h = float_to_half(x);
        const double got = half_value(h);
        // Neighbours of the result must not be closer (or equally close with an even mantissa).
        const double ax = std::fabs(static_cast<double>(x));
        const double ag = std::fabs(got);
        if (std::isinf(got)) {
            REQUIRE(ax >= 65520.0);
            continue;
        }
        REQUIRE(ax < 65520.0);
        const auto mag = static_cast<std::uint16_t>(h & 0x7fff);
        const double below = mag > 0 ? half_value(static_cast<std::uint16_t>(mag - 1)) : -1.0;
        const double above = mag < 0x7bff ? half_value(static_cast<std::uint16_t>(mag + 1)) : 65536.0;
        const double err = std::fabs(ax - ag);
        if (below >= 0) REQUIRE((err < ax - below || (err == ax - below && (mag & 1) == 0)));
        REQUIRE((err < above - ax || (err == above - ax && (mag & 1) == 0)));
    }
    CHECK(float_to_half(65519.996f) == 0x7bff);
    CHECK(float_to_half(65520.0f) == 0x7c00);
    CHECK(float_to_half(static_cast<float>(0x1p-52)) == 0);  // eps underflows
    CHECK(float_to_half(static_cast<float>(0x1p-25)) == 0);  // tie -> even (zero)
    CHECK(float_to_half(static_cast<float>(0x1.8p-25)) == 1);
}

TEST_CASE("bfloat16 is the top half of a float32", "[metrics][half]") {
    CHECK(bfloat16_to_float(0x3f80) == 1.0f);
    CHECK(bfloat16_to_float(0xc000) == -2.0f);
    CHECK(std::isinf(bfloat16_to_float(0x7f80)));
    CHECK(bfloat16_to_float(0x0001) == std::ldexp(1.0f, -133));
}

}  // namespace
}  // namespace msprobe::metrics
