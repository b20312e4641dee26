#include "data2db/trend_value.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace msprobe::data2db;

TEST_CASE("statistics are kept within ±1e9, infinities just beyond, NaN as NULL", "[data2db][trend_value]") {
    CHECK(trend_value(0.25) == 0.25);
    CHECK(trend_value(-3.0) == -3.0);
    CHECK(trend_value(1e9) == 1e9);
    CHECK(trend_value(2.5e9) == 1e9);
    CHECK(trend_value(-7e12) == -1e9);
    CHECK(trend_value(INFINITY) == 1000000001.0);
    CHECK(trend_value(-INFINITY) == -1000000001.0);
    CHECK_FALSE(trend_value(std::nan("")));
}

TEST_CASE("texts are read with Python's float()", "[data2db][trend_value]") {
    CHECK(trend_value_of_text(" 1.5 ") == 1.5);
    CHECK(trend_value_of_text("inf") == 1000000001.0);
    CHECK(trend_value_of_text("-Infinity") == -1000000001.0);
    CHECK(trend_value_of_text("1_000") == 1000.0);
    CHECK(trend_value_of_text("3e10") == 1e9);
    CHECK_FALSE(trend_value_of_text("nan"));
    CHECK_FALSE(trend_value_of_text("abc"));
    CHECK_FALSE(trend_value_of_text(""));
}
