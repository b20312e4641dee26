// The texts msprobe stores for item values: floats rounded to 6 decimals or in
// %.6e, strings without quotes and with null for None, long decimal texts cut.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "common/python_text.hpp"
#include "dump/json_file.hpp"
#include "graph/item_fields.hpp"
#include "graph/item_text.hpp"

using msprobe::dump::JsonFile;
using msprobe::dump::StatValue;
using namespace msprobe::graph;

TEST_CASE("item_text: floats as msprobe rounds them", "[graph][item_text]") {
    CHECK(float_text(0.123456789) == "0.123457");
    CHECK(float_text(2.5) == "2.5");
    CHECK(float_text(1.0) == "1.0");
    CHECK(float_text(0.0001234) == "0.000123");
    CHECK(float_text(123456.7891234) == "123456.789123");
    CHECK(float_text(1e-5) == "1.000000e-05");  // where Python prints an exponent
    CHECK(float_text(-2.5e16) == "-2.500000e+16");
    CHECK(float_text(std::numeric_limits<double>::infinity()) == "inf");
    CHECK(float_text(std::nan("")) == "nan");
    CHECK(float_text(0.123456789, false) == "0.123456789");  // August: the shortest round trip
    CHECK(float_text(1e-5, false) == "1e-05");
}

TEST_CASE("item_text: strings without quotes, None as null, long decimals cut", "[graph][item_text]") {
    CHECK(string_text("'torch.float32'") == "torch.float32");
    CHECK(string_text("[None, 'x']") == "[null, x]");
    CHECK(string_text("0.1234567") == "0.123457");
    CHECK(string_text("0.12345678%") == "0.123457%");
    CHECK(string_text("12.5%") == "12.5%");
    CHECK(string_text("1.1234567e5") == "1.1234567e5");  // not a plain decimal text
    CHECK(string_text("abc.1234567") == "abc.1234567");
}

TEST_CASE("item_text: values of a leaf by their kind", "[graph][item_text]") {
    const JsonFile file = JsonFile::from_text(
        R"({"null": null, "text": "'a'", "float": 0.1234567, "int": 3, "bool": true, "list": [1, "a", null]})",
        "leaf.json");
    const auto value = [&](const char* key) { return file.root().member(key); };
    CHECK(value_text(value("null")) == "null");
    CHECK(value_text(value("text")) == "a");
    CHECK(value_text(value("float")) == "0.123457");
    CHECK(value_text(value("float"), false) == "0.1234567");
    CHECK(value_text(value("int")) == "3");
    CHECK(value_text(value("bool")) == "True");
    CHECK(value_text(value("list")) == "[1, 'a', None]");
    CHECK(is_float_value(value("float")));
    CHECK_FALSE(is_float_value(value("int")));
    CHECK_FALSE(is_float_value(value("absent")));
}

TEST_CASE("item_text: statistic cells as texts and fields", "[graph][item_text]") {
    CHECK(stat_text(StatValue::null()) == "null");
    CHECK(stat_text(StatValue::of_bool(false)) == "False");
    CHECK(stat_text(StatValue::of_integer(-4)) == "-4");
    CHECK(stat_text(StatValue::of_number(0.1234567)) == "0.123457");
    CHECK(stat_text(StatValue::of_number(0.1234567), false) == "0.1234567");
    CHECK(stat_text(StatValue::of_text("'inf'")) == "inf");
    CHECK(is_float_stat(StatValue::of_number(1.0)));
    CHECK_FALSE(is_float_stat(StatValue::of_integer(1)));

    ItemFields fields;
    add_stat_field(fields, "Max", StatValue::of_number(0.5));
    add_stat_field(fields, "Min", StatValue::of_integer(2));
    const auto max = fields.find("Max");
    REQUIRE(max);
    CHECK(max->is_float);
    CHECK(max->number == 0.5);
    CHECK(fields.find("Min")->text == "2");
    set_stat_field(fields, "Max", StatValue::of_text("nan"));
    CHECK_FALSE(fields.find("Max")->is_float);
    CHECK(fields.find("Max")->text == "nan");
    set_stat_field(fields, "Mean", StatValue::of_number(0.25));
    CHECK(fields.find("Mean")->number == 0.25);
}

TEST_CASE("rounded float texts equal repr(round(x, 6)) made the long way", "[graph][item_text]") {
    // The reference: Python's round to 6 decimals, then the shortest repr of that double.
    const auto reference = [](double v) {
        const std::string shortest = msprobe::py::float_repr(v);
        if (std::isfinite(v) && shortest.find('e') != std::string::npos) return float_text(v);  // exponent path
        return msprobe::py::float_repr(msprobe::py::round_digits(v, 6));
    };
    std::vector<double> values{0.0,          -0.0,
                               1e-3,         -1e-3,
                               0.0009999999, 0.0010000001,
                               0.5,          0.0000005,
                               999999999.9,  999999999.9999999,
                               1e9,          123456789.123456789,
                               0.1 + 0.2,    2.675,
                               1.0000005,    -1.0000005,
                               0.9999995,    1234.5678905};
    std::uint64_t state = 88172645463325252ULL;  // xorshift: values across the magnitudes the fast path takes
    for (int i = 0; i < 200000; ++i) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        const double mantissa = static_cast<double>(state >> 11) / 9007199254740992.0;
        const int exponent = static_cast<int>(state % 14) - 4;
        values.push_back((state & 1 ? -1 : 1) * mantissa * std::pow(10.0, exponent));
    }
    // Millionths and half-millionths exactly (ties), and next to them: where the product's rounding could decide.
    for (int i = 0; i < 100000; ++i) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        const double millionths = static_cast<double>(state % 2000000000000000ULL) / 2;
        const double v = (state & 2 ? -1 : 1) * millionths / 1e6;
        values.insert(values.end(), {v, std::nextafter(v, 0.0), std::nextafter(v, 1e300)});
    }
    for (const double v : values) {
        INFO(msprobe::py::float_repr(v));
        REQUIRE(float_text(v) == reference(v));
    }
}

TEST_CASE("item_text: a long decimal text is cut as printf(\"%.6f\", strtod(text)) cuts it", "[graph][item_text]") {
    // Texts of 1-20 whole and 7-20 fraction digits, with and without "%", against the C library's reference.
    std::uint64_t state = 88172645463325252ULL;
    const auto next = [&] {
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        return state;
    };
    for (int i = 0; i < 100000; ++i) {
        std::string text = std::to_string(next() % 100000000000ULL >> (next() % 37));
        text += '.';
        const std::size_t fraction = 7 + next() % 14;
        for (std::size_t k = 0; k < fraction; ++k) text += static_cast<char>('0' + (next() % 10 < 3 ? 9 : next() % 10));
        const bool percent = next() % 2 == 0;
        char reference[80];
        std::snprintf(reference, sizeof reference, "%.6f%s", std::strtod(text.c_str(), nullptr), percent ? "%" : "");
        CAPTURE(text);
        REQUIRE(string_text(text + (percent ? "%" : "")) == reference);
    }
}

TEST_CASE("item_text: string_text_unchanged says exactly when string_text keeps a text", "[graph][item_text]") {
    // Texts over the characters string_text looks at: quotes, None, digits, dots and percent signs.
    const std::string alphabet = "'None.0123456789%xl";
    std::uint64_t state = 2463534242ULL;
    const auto next = [&] {
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        return state;
    };
    int unchanged = 0;
    for (int i = 0; i < 200000; ++i) {
        std::string text;
        const std::size_t length = next() % 14;
        for (std::size_t k = 0; k < length; ++k) text += alphabet[next() % alphabet.size()];
        CAPTURE(text);
        REQUIRE(string_text_unchanged(text) == (string_text(text) == text));
        unchanged += string_text_unchanged(text) ? 1 : 0;
    }
    CHECK(unchanged > 10000);
    CHECK(string_text_unchanged("torch.float32"));
    CHECK_FALSE(string_text_unchanged("0.1234567"));
}
