// Compact JSON text written back from a view: what a converted document is built
// from.
#include <catch2/catch.hpp>

#include "dump/json_file.hpp"
#include "dump/json_text.hpp"

using msprobe::dump::compact_json;
using msprobe::dump::JsonFile;
using msprobe::dump::json_string_literal;
using msprobe::dump::RepeatedMembers;

TEST_CASE("compact_json keeps member order, number kinds and Python's NaN/Infinity", "[dump][json_text]") {
    const auto file =
        JsonFile::from_text(R"({"b": 1, "a": [2.0, -0.0, 1e300, NaN, -Infinity], "s": "x\"y", "n": null})", "t.json");
    CHECK(compact_json(file.root()) == R"({"b":1,"a":[2.0,-0.0,1e300,NaN,-Infinity],"s":"x\"y","n":null})");
    CHECK(compact_json(file.root().member("absent")) == "null");
}

TEST_CASE("json_string_literal quotes and escapes", "[dump][json_text]") {
    CHECK(json_string_literal("Torch.add.0") == R"("Torch.add.0")");
    CHECK(json_string_literal("a\"b\\c\n") == R"("a\"b\\c\n")");
    CHECK(json_string_literal("张") == "\"张\"");
}

TEST_CASE("compact_json text reads back to the same text", "[dump][json_text]") {
    const std::string text = R"({"v":[0.1,123456789012345678,-5,true,false,"é"]})";
    const auto once = JsonFile::from_text(text, "t.json");
    const auto twice = JsonFile::from_text(compact_json(once.root()), "t2.json");
    CHECK(compact_json(twice.root()) == text);
}

TEST_CASE("compact_json writes a repeated member as written, or once as Python's json reads it", "[dump][json_text]") {
    // JsonFile refuses a repeated name in the first three levels; deeper, a dump may repeat one.
    const auto file = JsonFile::from_text(
        R"({"a": {"b": {"c": {"Max": 1, "Min": 0, "Max": 2, "d": [{"e": 1, "f": 3, "e": 2}]}}}})", "t.json");
    const auto leaf = file.root().member("a").member("b").member("c");
    CHECK(compact_json(leaf) == R"({"Max":1,"Min":0,"Max":2,"d":[{"e":1,"f":3,"e":2}]})");
    CHECK(compact_json(leaf, RepeatedMembers::AsPythonReads) == R"({"Max":2,"Min":0,"d":[{"e":2,"f":3}]})");
    CHECK(compact_json(file.root().member("absent"), RepeatedMembers::AsPythonReads) == "null");
}
