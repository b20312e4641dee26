// August msprobe's text-to-number parser: 17 digits, leading zeros counted,
// scaled by correctly rounded powers of ten.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "common/pandas_number_parser.hpp"

using msprobe::py::pandas_parsed_number;

TEST_CASE("august parser keeps the first 17 digits, leading zeros included") {
    // "0" + 17 fraction digits: the last fraction digit is dropped.
    CHECK(pandas_parsed_number("0.07640822231769562") == 0.0764082223176956);
    CHECK(pandas_parsed_number("0.09547385573387146") == 0.0954738557338714);
    // Python's repr of 0.07640822231769562 reads back exactly with a correct parser; this one does not.
    CHECK(pandas_parsed_number("0.07640822231769562") != 0.07640822231769562);
    // Integer digits past the 17th raise the exponent instead.
    CHECK(pandas_parsed_number("123456789012345678") == 12345678901234567.0 * 10);
}

TEST_CASE("august parser reads signs, blanks and exponents") {
    CHECK(pandas_parsed_number("-2.5") == -2.5);
    CHECK(pandas_parsed_number("  +2.5  ") == 2.5);
    CHECK(pandas_parsed_number("1e-05") == 1e-05);
    CHECK(pandas_parsed_number("3.0E2") == 300.0);
    CHECK(pandas_parsed_number("7") == 7.0);
    CHECK(pandas_parsed_number("1e309") == std::numeric_limits<double>::infinity());
    CHECK(pandas_parsed_number("-1e309") == -std::numeric_limits<double>::infinity());
    CHECK(pandas_parsed_number("1e-700") == 0.0);
    // Below 1e-308 the scaling is done in two divisions.
    CHECK(pandas_parsed_number("4e-320") == 4.0 / 1e12 / 1e308);
}

TEST_CASE("august parser refuses what is not a plain decimal number") {
    CHECK_FALSE(pandas_parsed_number(""));
    CHECK_FALSE(pandas_parsed_number("inf"));
    CHECK_FALSE(pandas_parsed_number("nan"));
    CHECK_FALSE(pandas_parsed_number("1e"));
    CHECK_FALSE(pandas_parsed_number("1.5x"));
    CHECK_FALSE(pandas_parsed_number("True"));
    CHECK_FALSE(pandas_parsed_number("-"));
}
