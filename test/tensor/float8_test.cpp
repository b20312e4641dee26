// The 8-bit floats: torch's float8 kinds by their definitions (sign,
// exponent with bias, mantissa, their special codes), and Ascend's HiFloat8
// by the bin_dump spec (§5.2, §10.7): a prefix-coded dot field gives the
// exponent's width.
#include "tensor/float8.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <set>

#include "tensor/half.hpp"

using namespace msprobe::tensor;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

float hifloat8(std::uint8_t bits) { return float8_to_float(bits, Float8Format::HiFloat8); }

}  // namespace

TEST_CASE("float8 formats decode as their definitions say", "[tensor][float8]") {
    REQUIRE(float8_to_float(0x38, Float8Format::E4M3FN) == 1.0F);
    REQUIRE(float8_to_float(0xB8, Float8Format::E4M3FN) == -1.0F);
    REQUIRE(float8_to_float(0x7E, Float8Format::E4M3FN) == 448.0F);
    REQUIRE(float8_to_float(0x01, Float8Format::E4M3FN) == std::ldexp(1.0F, -9));
    REQUIRE(std::isnan(float8_to_float(0x7F, Float8Format::E4M3FN)));
    REQUIRE(std::isnan(float8_to_float(0xFF, Float8Format::E4M3FN)));
    REQUIRE(float8_to_float(0x3C, Float8Format::E5M2) == 1.0F);
    REQUIRE(float8_to_float(0x7B, Float8Format::E5M2) == 57344.0F);
    REQUIRE(float8_to_float(0x7C, Float8Format::E5M2) == std::numeric_limits<float>::infinity());
    REQUIRE(float8_to_float(0xFC, Float8Format::E5M2) == -std::numeric_limits<float>::infinity());
    REQUIRE(std::isnan(float8_to_float(0x7D, Float8Format::E5M2)));
    REQUIRE(float8_to_float(0x01, Float8Format::E5M2) == std::ldexp(1.0F, -16));
    for (std::uint32_t b = 0; b < 0x7C; ++b) {  // e5m2 is the top byte of a float16
        REQUIRE(float8_to_float(static_cast<std::uint8_t>(b), Float8Format::E5M2) ==
                half_to_float(static_cast<std::uint16_t>(b << 8)));
    }
    REQUIRE(float8_to_float(0x40, Float8Format::E4M3FNUZ) == 1.0F);
    REQUIRE(float8_to_float(0x7F, Float8Format::E4M3FNUZ) == 240.0F);
    REQUIRE(std::isnan(float8_to_float(0x80, Float8Format::E4M3FNUZ)));
    REQUIRE(float8_to_float(0x40, Float8Format::E5M2FNUZ) == 1.0F);
    REQUIRE(float8_to_float(0x7F, Float8Format::E5M2FNUZ) == 57344.0F);
    REQUIRE(std::isnan(float8_to_float(0x80, Float8Format::E5M2FNUZ)));
    REQUIRE(float8_to_float(127, Float8Format::E8M0FNU) == 1.0F);
    REQUIRE(float8_to_float(0, Float8Format::E8M0FNU) == std::ldexp(1.0F, -127));
    REQUIRE(float8_to_float(254, Float8Format::E8M0FNU) == std::ldexp(1.0F, 127));
    REQUIRE(std::isnan(float8_to_float(0xFF, Float8Format::E8M0FNU)));
}

TEST_CASE("float8: the FNUZ kinds are the FN kinds with one more bias: half the value", "[tensor][float8]") {
    for (std::uint32_t b = 0; b < 256; ++b) {
        const auto bits = static_cast<std::uint8_t>(b);
        INFO(b);
        const float e4m3fn = float8_to_float(bits, Float8Format::E4M3FN);
        const float e4m3fnuz = float8_to_float(bits, Float8Format::E4M3FNUZ);
        if (bits == 0x80) {
            CHECK(std::isnan(e4m3fnuz));  // FNUZ has no -0: its code is NaN
        } else if (std::isnan(e4m3fn)) {
            CHECK(std::fabs(e4m3fnuz) == 240.0F);  // S.1111.111: NaN in FN, the largest value in FNUZ
        } else {
            CHECK(e4m3fnuz == e4m3fn / 2);
        }
        const float e5m2 = float8_to_float(bits, Float8Format::E5M2);
        const float e5m2fnuz = float8_to_float(bits, Float8Format::E5M2FNUZ);
        if (bits == 0x80) {
            CHECK(std::isnan(e5m2fnuz));
        } else if (std::isfinite(e5m2)) {
            CHECK(e5m2fnuz == e5m2 / 2);
        } else {
            CHECK(std::isfinite(e5m2fnuz));  // exponent 31 holds numbers: no infinities, no NaN but 0x80
        }
    }
}

TEST_CASE("float8: E4M3FN is symmetric in its sign bit and E8M0 is a power of two", "[tensor][float8]") {
    for (std::uint32_t b = 1; b < 0x7F; ++b) {
        const auto positive = float8_to_float(static_cast<std::uint8_t>(b), Float8Format::E4M3FN);
        CHECK(float8_to_float(static_cast<std::uint8_t>(b | 0x80), Float8Format::E4M3FN) == -positive);
    }
    for (std::uint32_t b = 0; b < 0xFF; ++b) {
        CHECK(float8_to_float(static_cast<std::uint8_t>(b), Float8Format::E8M0FNU) ==
              std::ldexp(1.0F, static_cast<int>(b) - 127));
    }
}

TEST_CASE("float8: HiFloat8 codes decode as the spec works them out", "[tensor][float8]") {
    CHECK(hifloat8(0x2B) == 11.0F);                  // dot 01 (D=2), exponent +(2+1), mantissa 1.375
    CHECK(hifloat8(0x10) == 2.0F);                   // dot 001 (D=1), exponent +1
    CHECK(hifloat8(0x08) == 1.0F);                   // dot 0001 (D=0)
    CHECK(hifloat8(0x07) == std::ldexp(1.0F, -16));  // denormal M=7
    CHECK(hifloat8(0x01) == std::ldexp(1.0F, -22));  // denormal M=1
    CHECK(hifloat8(0x00) == 0.0F);
    CHECK(std::isnan(hifloat8(0x80)));
    CHECK(hifloat8(0x6F) == kInf);
    CHECK(hifloat8(0xEF) == -kInf);
    // Worked by hand from the dot table: sign | dot | exponent (sign-magnitude, implicit one) | mantissa.
    CHECK(hifloat8(0x0F) == 1.875F);                 // 0 0001 111: 1 + 7/8
    CHECK(hifloat8(0x18) == 0.5F);                   // 0 001 1 000: exponent -1
    CHECK(hifloat8(0x20) == 4.0F);                   // 0 01 00 000: exponent +2
    CHECK(hifloat8(0x30) == 0.25F);                  // 0 01 10 000: exponent -2
    CHECK(hifloat8(0x40) == 16.0F);                  // 0 10 000 00: exponent +4
    CHECK(hifloat8(0x5F) == std::ldexp(1.75F, -7));  // 0 10 111 11: exponent -7, mantissa 1.75
    CHECK(hifloat8(0x60) == 256.0F);                 // 0 11 0000 0: exponent +8
    CHECK(hifloat8(0x6E) == 32768.0F);               // 0 11 0111 0: exponent +15, the largest number
    CHECK(hifloat8(0x7F) == std::ldexp(1.5F, -15));  // 0 11 1111 1: exponent -15, mantissa 1.5
    CHECK(hifloat8(0xAB) == -11.0F);
}

TEST_CASE("float8: HiFloat8 has 252 distinct finite non-zero numbers, symmetric in sign", "[tensor][float8]") {
    std::set<float> numbers;
    for (std::uint32_t b = 0; b < 256; ++b) {
        const float value = hifloat8(static_cast<std::uint8_t>(b));
        if (std::isfinite(value) && value != 0) numbers.insert(value);
        if ((b & 0x7F) != 0) CHECK(hifloat8(static_cast<std::uint8_t>(b ^ 0x80)) == -value);
    }
    CHECK(numbers.size() == 252);  // 256 less zero, NaN and the two infinities
    CHECK(*numbers.rbegin() == 32768.0F);
    CHECK(*numbers.begin() == -32768.0F);
}
