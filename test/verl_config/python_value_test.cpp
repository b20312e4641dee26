#include "verl_config/python_value.hpp"

#include <catch2/catch.hpp>

#include <cmath>

#include "verl_config/python_literal.hpp"

using namespace msprobe::verl_config;

namespace {

PyValue value(std::string_view text) { return *parse_python_literal(text); }

}  // namespace

TEST_CASE("repr of values as Python gives it", "[python_value]") {
    CHECK(python_repr(value("['a', \"it's\", 1.0, 1e-05, 1e16, None, {}]")) ==
          "['a', \"it's\", 1.0, 1e-05, 1e+16, None, {}]");
    CHECK(python_repr(PyValue::floating(std::nan(""))) == "nan");
    CHECK(python_repr(value("()")) == "()");
}

TEST_CASE("== as Python compares", "[python_value]") {
    CHECK(python_equal(value("1"), value("1.0")));
    CHECK(python_equal(value("True"), value("1")));
    CHECK_FALSE(python_equal(value("1"), value("'1'")));
    CHECK(python_equal(value("{'a': 1, 'b': 2}"), value("{'b': 2, 'a': 1.0}")));
    CHECK_FALSE(python_equal(value("[1, 2]"), value("[2, 1]")));
    CHECK(python_equal(value("[1, 2]"), value("(1, 2)")) == false);
    CHECK_FALSE(python_equal(PyValue::floating(std::nan("")), PyValue::floating(std::nan(""))));
    CHECK(python_equal(value("9007199254740993"), PyValue::floating(9007199254740992.0)) == false);
}

TEST_CASE("json.dump of values, keys coerced as json does", "[python_value]") {
    msprobe::py::JsonWriter json(2);
    write_json(json, value("{1: (1, 2), None: 1.5, True: 'x', 2.5: []}"));
    // True == 1: the same key, which keeps its place and takes the later value.
    CHECK(json.text() == "{\n  \"1\": \"x\",\n  \"null\": 1.5,\n  \"2.5\": []\n}");
    msprobe::py::JsonWriter refused(2);
    CHECK_THROWS_WITH(write_json(refused, value("{'a': {1, 2}}")), "Object of type set is not JSON serializable");
}
