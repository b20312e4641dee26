#include "verl_config/python_literal.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace msprobe::verl_config;

namespace {

std::string literal(std::string_view text) {
    LiteralError error;
    const auto value = parse_python_literal(text, &error);
    return value ? python_repr(*value) : "error: " + error.message;
}

std::string json(std::string_view text) {
    const auto value = parse_json_text(text);
    return value ? python_repr(*value) : "error";
}

}  // namespace

TEST_CASE("Python literals as ast.literal_eval reads them", "[python_literal]") {
    CHECK(literal("{'a': 1, 'b': [1.5, -2, None, True], 'c': (1,), 'd': {}}") ==
          "{'a': 1, 'b': [1.5, -2, None, True], 'c': (1,), 'd': {}}");
    CHECK(literal("{'a': 1,\n # a comment\n 'b': 'x' \"y\"}") == "{'a': 1, 'b': 'xy'}");
    CHECK(literal("[1e-06, .5, 5., 0x1F, 0o17, 0b101, 1_000]") == "[1e-06, 0.5, 5.0, 31, 15, 5, 1000]");
    CHECK(literal("'it\\'s \\u00e9\\n'") == "\"it's é\\n\"");
    CHECK(literal("r'\\d+'") == "'\\\\d+'");
    CHECK(literal("{1, 2}") == "{1, 2}");
    CHECK(literal("b'ab'") == "b'ab'");
    CHECK(literal("{'a': 1, 'a': 2}") == "{'a': 2}");
    CHECK(literal("1, 2") == "(1, 2)");
}

TEST_CASE("what ast.literal_eval refuses", "[python_literal]") {
    CHECK(literal("{'a': foo}").starts_with("error: malformed node or string"));
    CHECK(literal("{'a': 1").starts_with("error: '{' was never closed"));
    CHECK(literal("").starts_with("error: invalid syntax"));
    CHECK(literal("'open").starts_with("error: unterminated string literal"));
    CHECK(literal("007").starts_with("error: leading zeros"));
    CHECK(literal("--1").starts_with("error: malformed node or string"));
}

TEST_CASE("JSON as json.loads reads it", "[python_literal]") {
    CHECK(json("{\"a\": [1, 2.5, true, null, NaN, -Infinity], \"b\": \"\\u00e9\\/\"}") ==
          "{'a': [1, 2.5, True, None, nan, -inf], 'b': 'é/'}");
    CHECK(json("{'a': 1}") == "error");
    CHECK(json("[1,]") == "error");
    CHECK(json("{\"a\": 1} x") == "error");
    CHECK(json("{\"a\": 1, \"a\": 2}") == "{'a': 2}");
}

TEST_CASE("syntax checks of bracketed text", "[python_literal]") {
    CHECK(is_python_expression("{'a': 1, 'b': [x, y.z]}"));
    CHECK(is_python_expression("[1, -2, 'x']"));
    CHECK_FALSE(is_python_expression("{'a': 1,, 2}"));
    CHECK_FALSE(is_python_expression("{'a': 'open}"));
    CHECK_FALSE(is_python_expression("[" + std::string(300, '[') + std::string(301, ']')));
}
