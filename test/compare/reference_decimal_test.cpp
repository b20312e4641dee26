#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <random>
#include <string>

#include "common/python_text.hpp"
#include "compare/reference_decimal.hpp"

using msprobe::compare::reference_parsed;

namespace {

// The parser as msprobe runs it, on the text: plain and slow, the oracle.
double parse_text_like_msprobe(const std::string& text) {
    std::size_t i = 0;
    const bool negative = text[0] == '-';
    if (negative) ++i;
    double mantissa = 0;
    int fraction_digits = 0;
    for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i) {
        mantissa = mantissa * 10.0 + (text[i] - '0');
    }
    if (i < text.size() && text[i] == '.') {
        for (++i; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i) {
            if (fraction_digits < 16) {
                mantissa = mantissa * 10.0 + (text[i] - '0');
                ++fraction_digits;
            }
        }
    }
    int exponent = -fraction_digits;
    if (i < text.size() && text[i] == 'e') exponent += std::atoi(text.c_str() + i + 1);
    double power = 1.0, square = 10.0;
    for (int k = std::abs(exponent); k > 0; k >>= 1) {
        if (k & 1) power *= square;
        square *= square;
    }
    const double scaled = exponent < 0 ? mantissa / power : mantissa * power;
    return negative ? -scaled : scaled;
}

}  // namespace

TEST_CASE("statistics pass through msprobe's decimal round trip", "[compare]") {
    // Values and results observed in msprobe's books on the fixture dumps.
    CHECK(reference_parsed(-0.017452731728553772) == -0.0174527317285537);
    CHECK(reference_parsed(2.3746392726898193) == std::nextafter(2.3746392726898193, 3.0));
    // msprobe's Mean diff cell for these two statistics, as its book stores it (16 digits).
    CHECK(fmt::format("{:.16g}", -0.0174560546875 - reference_parsed(-0.017452731728553772)) ==
          "-3.322958946300886e-06");
    // Short values are exact.
    for (double v : {0.0, 1.0, -2.5, 0.1, 1e-05, 25.0, 1.7265625}) CHECK(reference_parsed(v) == v);
}

TEST_CASE("the digit-level parser equals the text-level one", "[compare]") {
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::uniform_int_distribution<int> exponent(-30, 30);
    for (int i = 0; i < 200000; ++i) {
        const double v = unit(rng) * std::pow(10.0, exponent(rng));
        const std::string text = msprobe::py::float_repr(v);
        INFO(text);
        REQUIRE(reference_parsed(v) == parse_text_like_msprobe(text));
    }
    for (double v : {1234567890123456.0, 9007199254740993.0, 1e15, 123456789012345.6, 1e16, 1e-4, 9.999e-5}) {
        INFO(msprobe::py::float_repr(v));
        CHECK(reference_parsed(v) == parse_text_like_msprobe(msprobe::py::float_repr(v)));
        CHECK(reference_parsed(-v) == parse_text_like_msprobe(msprobe::py::float_repr(-v)));
    }
}
