// Python's str()/repr()/type()/bool() of JSON values, worked out by hand from
// Python's rules.
#include <catch2/catch.hpp>

#include <string>

#include <rapidjson/document.h>

#include "dump/python_value.hpp"

using namespace msprobe::dump;

namespace {

// Parses one JSON value in msprobe's dialect (NaN and Infinity allowed).
rapidjson::Document value(const std::string& json) {
    rapidjson::Document doc;
    doc.Parse<rapidjson::kParseNanAndInfFlag | rapidjson::kParseFullPrecisionFlag>(json.c_str());
    REQUIRE_FALSE(doc.HasParseError());
    return doc;
}

}  // namespace

TEST_CASE("python_str and python_repr render values as Python prints them", "[dump][python_value]") {
    CHECK(python_str(value("1")) == "1");
    CHECK(python_str(value("-7")) == "-7");
    CHECK(python_str(value("2.0")) == "2.0");
    CHECK(python_str(value("0.1")) == "0.1");
    CHECK(python_str(value("1e20")) == "1e+20");
    CHECK(python_str(value("1e-05")) == "1e-05");
    CHECK(python_str(value("123456789012345680000.0")) == "1.2345678901234568e+20");
    CHECK(python_str(value("NaN")) == "nan");
    CHECK(python_str(value("-Infinity")) == "-inf");
    CHECK(python_str(value("true")) == "True");
    CHECK(python_str(value("null")) == "None");
    CHECK(python_str(value("\"text\"")) == "text");
    CHECK(python_repr(value("\"text\"")) == "'text'");
    CHECK(python_repr(value("\"it's\"")) == "\"it's\"");
    CHECK(python_str(value("[1, \"a\", null, [false, 0.5]]")) == "[1, 'a', None, [False, 0.5]]");
    CHECK(python_str(value("{\"k\": 1, \"j\": \"v\"}")) == "{'k': 1, 'j': 'v'}");
    CHECK(python_str(value("[]")) == "[]");
}

TEST_CASE("python_type_text, numpy_shape_text and python_truthy", "[dump][python_value]") {
    CHECK(python_type_text(value("3")) == "<class 'int'>");
    CHECK(python_type_text(value("3.5")) == "<class 'float'>");
    CHECK(python_type_text(value("false")) == "<class 'bool'>");
    CHECK(python_type_text(value("null")) == "<class 'NoneType'>");
    CHECK(python_type_text(value("\"s\"")) == "<class 'str'>");
    CHECK(python_type_text(value("[1]")) == "<class 'list'>");
    CHECK(python_type_text(value("{}")) == "<class 'dict'>");

    CHECK(numpy_shape_text(value("5")) == "()");
    CHECK(numpy_shape_text(value("[1, 2, 3]")) == "(3,)");
    CHECK(numpy_shape_text(value("[[1, 2], [3, 4]]")) == "(2, 2)");
    CHECK(numpy_shape_text(value("[]")) == "(0,)");

    for (const char* falsy : {"null", "false", "0", "0.0", "\"\"", "[]", "{}"}) {
        INFO(falsy);
        CHECK_FALSE(python_truthy(value(falsy)));
    }
    for (const char* truthy : {"true", "1", "-0.5", "\"0\"", "[0]", "{\"a\": 0}"}) {
        INFO(truthy);
        CHECK(python_truthy(value(truthy)));
    }
    CHECK(python_number_text(value("4")) == "4");
    CHECK(python_number_text(value("4.0")) == "4.0");
}
