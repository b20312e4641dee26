// format_value and the cosine rounding (spec compare.md §5.4).
#include "metrics/format_value.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>

namespace msprobe::metrics {
namespace {

TEST_CASE("format_value rounds to 12 decimals", "[metrics][format]") {
    CHECK(format_value(2.0 / 3.0) == 0.666666666667);
    CHECK(format_value(0.99829538412494) == 0.998295384125);
    CHECK(format_value(static_cast<double>(1e-8f)) == 1e-08);
    CHECK(format_value(0.125) == 0.125);
    CHECK(format_value(-1.0) == -1.0);
    CHECK(format_value(45035996.0) == 45035996.0);
    CHECK(std::isinf(format_value(INFINITY)));
    CHECK(std::isnan(format_value(NAN)));
    // Rounding looks at the exact binary value (checked with Python's format):
    // 5e-13 is stored slightly below the midpoint, 1.0000000000005 slightly above.
    CHECK(format_value(5e-13) == 0.0);
    CHECK(format_value(1.0000000000005) == 1.000000000001);
    CHECK(format_value(2.5e-12) == 2e-12);
    CHECK(format_value(1.25e-11) == 1.3e-11);
}

TEST_CASE("cosine above 0.9999 is rounded to 6 decimals", "[metrics][format]") {
    CHECK(format_cosine(0.99999275) == 0.999993);
    CHECK(format_cosine(0.9999920009) == 0.999992);
    CHECK(format_cosine(0.99990000001) == 0.9999);
    CHECK(format_cosine(0.9998999) == 0.9998999);
    CHECK(format_cosine(1.0) == 1.0);
    CHECK(format_cosine(-0.28) == -0.28);
}

TEST_CASE("format_value equals printf(\"%.12f\") and strtod", "[metrics][format]") {
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> mantissa(-1.0, 1.0);
    std::uniform_int_distribution<int> exponent(-20, 20);
    for (int i = 0; i < 20000; ++i) {
        const double value = std::ldexp(mantissa(rng), exponent(rng));
        char text[400];
        std::snprintf(text, sizeof text, "%.12f", value);
        INFO(text);
        CHECK(format_value(value) == std::strtod(text, nullptr));
    }
}

}  // namespace
}  // namespace msprobe::metrics
