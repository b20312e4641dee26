// Python's renderings, each expected value worked out from Python's rules
// (repr of floats: shortest round trip, exponent below 1e-4 and from 1e16).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "common/python_text.hpp"

using namespace msprobe::py;

TEST_CASE("float_repr gives Python's repr(float)", "[common][python_text]") {
    CHECK(float_repr(25.0) == "25.0");
    CHECK(float_repr(0.1) == "0.1");
    CHECK(float_repr(200.0 / 3.0) == "66.66666666666667");
    CHECK(float_repr(1e-05) == "1e-05");
    CHECK(float_repr(0.0001) == "0.0001");
    CHECK(float_repr(1234567890123456.0) == "1234567890123456.0");
    CHECK(float_repr(1e16) == "1e+16");
    CHECK(float_repr(-0.0) == "-0.0");
    CHECK(float_repr(5e-324) == "5e-324");
    CHECK(float_repr(std::numeric_limits<double>::infinity()) == "inf");
    CHECK(float_repr(-std::numeric_limits<double>::infinity()) == "-inf");
    CHECK(float_repr(std::numeric_limits<double>::quiet_NaN()) == "nan");
    // Every layout: a negative exponent of one or three digits, the widest texts, the edges of plain notation.
    CHECK(float_repr(-1.5e-07) == "-1.5e-07");
    CHECK(float_repr(1e100) == "1e+100");
    CHECK(float_repr(-1.2345678901234567e-300) == "-1.2345678901234568e-300");
    CHECK(float_repr(123456789.123) == "123456789.123");
    CHECK(float_repr(1e15) == "1000000000000000.0");
    CHECK(float_repr(9.999999999999999e+22) == "1e+23");
    CHECK(float_repr(0.00012345) == "0.00012345");
    CHECK(float_repr(-0.001) == "-0.001");
    CHECK(float_repr(1.7976931348623157e308) == "1.7976931348623157e+308");
    CHECK(float_repr(2.2250738585072014e-308) == "2.2250738585072014e-308");
    CHECK(float_repr(1e-4 * 1.5) == "0.00015000000000000001");
    CHECK(float_repr(1.5e-4) == "0.00015");
    CHECK(float_repr(12345678901234567.0) == "1.2345678901234568e+16");
    CHECK(float_repr(0.1 + 0.2) == "0.30000000000000004");
    CHECK(float_repr(-7e-10) == "-7e-10");
}

TEST_CASE("float32_repr gives the shortest digits that round-trip in float32", "[common][python_text]") {
    CHECK(float32_repr(0.1f) == "0.1");
    CHECK(float32_repr(1.0f / 3.0f) == "0.33333334");
    CHECK(float32_repr(1.0f) == "1.0");
    CHECK(float32_repr(16777216.0f) == "16777216.0");
}

TEST_CASE("round_digits rounds as Python's round(x, n)", "[common][python_text]") {
    CHECK(round_digits(0.123456789012345, 10) == 0.123456789);
    CHECK(round_digits(0.99999999996, 10) == 1.0);
    // 2.675 is stored as 2.67499999999999982236431605997495353221893310546875: down, as Python gives 2.67.
    CHECK(round_digits(2.675, 2) == 2.67);
    // Exact binary ties go to the even digit: round(0.125, 2) == 0.12, round(2.5, 0) == 2.0.
    CHECK(round_digits(0.125, 2) == 0.12);
    CHECK(round_digits(2.5, 0) == 2.0);
    CHECK(round_digits(3.5, 0) == 4.0);
    // A small negative value keeps its sign: round(-1e-12, 10) is -0.0.
    CHECK(round_digits(-1e-12, 10) == 0.0);
    CHECK(std::signbit(round_digits(-1e-12, 10)));
    CHECK(std::isinf(round_digits(std::numeric_limits<double>::infinity(), 10)));
    CHECK(std::isnan(round_digits(std::numeric_limits<double>::quiet_NaN(), 10)));
}

TEST_CASE("str_repr quotes and escapes like Python's repr(str)", "[common][python_text]") {
    CHECK(str_repr("abc") == "'abc'");
    CHECK(str_repr("it's") == "\"it's\"");
    CHECK(str_repr("it's \"x\"") == "'it\\'s \"x\"'");
    CHECK(str_repr("a\nb\tc") == "'a\\nb\\tc'");
    CHECK(str_repr("back\\slash") == "'back\\\\slash'");
    CHECK(str_repr("\x01") == "'\\x01'");
    CHECK(str_repr("数据") == "'数据'");  // printable non-ASCII stays as it is
    CHECK(str_repr("") == "''");
}

TEST_CASE("list_text and tuple_text join rendered elements", "[common][python_text]") {
    CHECK(list_text({}) == "[]");
    CHECK(list_text({"1", "'a'", "None"}) == "[1, 'a', None]");
    CHECK(tuple_text({}) == "()");
    CHECK(tuple_text({"3"}) == "(3,)");
    CHECK(tuple_text({"2", "3"}) == "(2, 3)");
}

TEST_CASE("parse_float accepts what Python's float() accepts", "[common][python_text]") {
    CHECK(parse_float(" 1.5 ") == 1.5);
    CHECK(parse_float("+.5") == 0.5);
    CHECK(parse_float("1e3") == 1000.0);
    CHECK(parse_float("1_000.5") == 1000.5);
    CHECK(parse_float("-inf") == -std::numeric_limits<double>::infinity());
    CHECK(parse_float("Infinity") == std::numeric_limits<double>::infinity());
    const auto nan = parse_float("nAn");
    REQUIRE(nan);
    CHECK(std::isnan(*nan));
    for (const char* refused : {"", "abc", "1__0", "_1", "1_", "1.5.2", "0x10", "in f"}) {
        INFO(refused);
        CHECK_FALSE(parse_float(refused));
    }
}

TEST_CASE("crc32_hex is zlib's CRC-32 in eight lowercase digits", "[common][python_text]") {
    CHECK(crc32_hex("") == "00000000");
    CHECK(crc32_hex("123456789") == "cbf43926");  // the standard check value
    CHECK(crc32_hex("a") == "e8b7be43");
}

TEST_CASE("parse_int accepts what Python's int() accepts", "[common][python_text]") {
    CHECK(parse_int("3") == 3);
    CHECK(parse_int(" +3 ") == 3);
    CHECK(parse_int("-12") == -12);
    CHECK(parse_int("1_000") == 1000);
    CHECK(parse_int("007") == 7);
    CHECK(parse_int("9223372036854775807") == INT64_MAX);
    CHECK(parse_int("\x1c\t7\x1f") == 7);  // str.isspace() holds the ASCII separators too
    for (const char* refused : {"", "-", "1.0", "1__0", "_1", "1_", "0x1", "1e3", "١", "9223372036854775808"}) {
        INFO(refused);
        CHECK_FALSE(parse_int(refused));
    }
}

TEST_CASE("parse_int_clamped keeps an integer beyond int64 at its nearer end", "[common][python_text]") {
    using msprobe::py::parse_int_clamped;
    const auto big = parse_int_clamped(" 9_223_372_036_854_775_808 ");
    REQUIRE(big);
    CHECK(big->value == INT64_MAX);
    CHECK(big->clamped);
    const auto small = parse_int_clamped("-99999999999999999999");
    REQUIRE(small);
    CHECK(small->value == INT64_MIN);
    CHECK(small->clamped);
    const auto plain = parse_int_clamped("-9223372036854775808");
    REQUIRE(plain);
    CHECK(plain->value == INT64_MIN);
    CHECK_FALSE(plain->clamped);
    CHECK_FALSE(parse_int_clamped("1e30"));
}
