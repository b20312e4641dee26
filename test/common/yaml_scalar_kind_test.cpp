// What PyYAML's safe loader (YAML 1.1) makes of a plain scalar, spelling by
// spelling.
#include <catch2/catch.hpp>

#include "common/yaml_scalar_kind.hpp"

using msprobe::py::plain_scalar_kind;
using msprobe::py::ScalarKind;

TEST_CASE("null and bool spellings of YAML 1.1", "[common][yaml_scalar_kind]") {
    for (const char* null : {"", "~", "null", "Null", "NULL"}) {
        INFO(null);
        CHECK(plain_scalar_kind(null) == ScalarKind::Null);
    }
    for (const char* boolean : {"yes", "No", "ON", "off", "TRUE", "False"}) {
        INFO(boolean);
        CHECK(plain_scalar_kind(boolean) == ScalarKind::Bool);
    }
    for (const char* text : {"nULL", "y", "n", "tRUE", "None"}) {
        INFO(text);
        CHECK(plain_scalar_kind(text) == ScalarKind::String);
    }
}

TEST_CASE("int and float spellings of YAML 1.1, and near misses", "[common][yaml_scalar_kind]") {
    for (const char* number : {"12", "-3", "+0", "0x1F", "0b101", "017", "1_000", "1:59", "190:20:30", "1.5", "1.",
                               "1.0e+3", ".5", "-.inf", ".NaN", "6.8523015e+5", "1_0.5"}) {
        INFO(number);
        CHECK(plain_scalar_kind(number) == ScalarKind::Number);
    }
    // An exponent needs a dot before it and a sign in it; a sexagesimal part stops at 59.
    for (const char* text : {"1e3", "1.0e3", "0x", "abc", "12abc", ".nan1", "1:60", "0:30", "--1", "1.5.2"}) {
        INFO(text);
        CHECK(plain_scalar_kind(text) == ScalarKind::String);
    }
}
