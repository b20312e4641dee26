// Numbers in msprobe's JSON: RapidJSON's choice of integer type, and doubles
// correctly rounded where RapidJSON's own full-precision path is wrong
// (a zero significand with an exponent) or reads past its power table.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>

#include "common/error.hpp"
#include <rapidjson/document.h>

#include "dump/json_file.hpp"
#include "dump/json_number.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::dump::JsonNumber;
using msprobe::dump::parse_json_number;

namespace {

template <class T>
T as(const JsonNumber& number) {
    REQUIRE(std::holds_alternative<T>(number));
    return std::get<T>(number);
}

bool is_negative_zero(double d) { return d == 0.0 && std::signbit(d); }

}  // namespace

TEST_CASE("json numbers: integers take RapidJSON's narrowest type", "[dump][json]") {
    CHECK(as<unsigned>(parse_json_number("0")) == 0u);
    CHECK(as<int>(parse_json_number("-0")) == 0);
    CHECK(as<unsigned>(parse_json_number("4294967295")) == 4294967295u);
    CHECK(as<std::uint64_t>(parse_json_number("4294967296")) == 4294967296u);
    CHECK(as<std::uint64_t>(parse_json_number("18446744073709551615")) == UINT64_MAX);
    CHECK(as<double>(parse_json_number("18446744073709551616")) == 18446744073709551616.0);
    CHECK(as<int>(parse_json_number("-2147483648")) == INT32_MIN);
    CHECK(as<std::int64_t>(parse_json_number("-2147483649")) == -2147483649LL);
    CHECK(as<std::int64_t>(parse_json_number("-9223372036854775808")) == INT64_MIN);
    CHECK(as<double>(parse_json_number("-9223372036854775809")) == -9223372036854775808.0);
}

TEST_CASE("json numbers: doubles are correctly rounded, out of range as Python reads them", "[dump][json]") {
    CHECK(as<double>(parse_json_number("0.1")) == 0.1);
    CHECK(as<double>(parse_json_number("1.7976931348623157e308")) == std::numeric_limits<double>::max());
    CHECK(as<double>(parse_json_number("5e-324")) == std::numeric_limits<double>::denorm_min());
    CHECK(as<double>(parse_json_number("2.2250738585072011e-308")) == 2.2250738585072011e-308);
    CHECK(as<double>(parse_json_number("-3.0517578125E-05")) == -3.0517578125e-05);
    // RapidJSON's full-precision path read these as -3.05e-05 and -7.15e-248.
    CHECK(as<double>(parse_json_number("0e121")) == 0.0);
    CHECK(is_negative_zero(as<double>(parse_json_number("-0.0e-121"))));
    CHECK(as<double>(parse_json_number("1e400")) == std::numeric_limits<double>::infinity());
    CHECK(as<double>(parse_json_number("-1e400")) == -std::numeric_limits<double>::infinity());
    CHECK(as<double>(parse_json_number("1e-400")) == 0.0);
    CHECK(std::isnan(as<double>(parse_json_number("NaN"))));
    CHECK(as<double>(parse_json_number("-Infinity")) == -std::numeric_limits<double>::infinity());
    CHECK(as<double>(parse_json_number("Infinity")) == std::numeric_limits<double>::infinity());
}

TEST_CASE("json numbers: JsonFile keeps ints and floats apart and reads zero exponents as zero", "[dump][json]") {
    const auto dir = msprobe::testing::scratch_dir("json_numbers");
    const auto path = dir / "numbers.json";
    std::ofstream(path, std::ios::binary)
        << R"({"a": 7, "b": 7.0, "c": 0e121, "d": -0E-5, "e": NaN, "f": 12345678901234})";
    const auto file = msprobe::dump::JsonFile::load(path);
    const auto& root = file.document();
    CHECK(root["a"].IsUint());
    CHECK(root["a"].GetUint() == 7u);
    CHECK(root["b"].IsDouble());
    CHECK(root["c"].GetDouble() == 0.0);
    CHECK(is_negative_zero(root["d"].GetDouble()));
    CHECK(std::isnan(root["e"].GetDouble()));
    CHECK(root["f"].IsUint64());
    CHECK(!root["f"].IsUint());
}

TEST_CASE("json text ending inside a multi-byte UTF-8 sequence is refused without reading past it", "[dump][json]") {
    const auto dir = msprobe::testing::scratch_dir("json_numbers");
    const auto path = dir / "cut.json";
    std::ofstream(path, std::ios::binary) << "[\"\xF0";
    CHECK_THROWS_AS(msprobe::dump::JsonFile::load(path), msprobe::Error);
}
