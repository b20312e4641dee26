// One JSON value built from the parser's events, as dump.json's stream builds
// each entry: numbers converted as JsonFile converts them, a name the value's
// top-level object repeats noted, the builder reused after reset().
#include <catch2/catch.hpp>

#include <rapidjson/reader.h>

#include <cmath>
#include <limits>
#include <string>

#include "dump/json_text.hpp"
#include "dump/json_value_builder.hpp"
#include "dump/json_view.hpp"

using msprobe::dump::compact_json;
using msprobe::dump::JsonValueBuilder;
using msprobe::dump::JsonView;

namespace {

// `text` parsed as the stream parses it (numbers as text, NaN/Infinity) into `builder`.
void build(JsonValueBuilder& builder, const std::string& text) {
    rapidjson::Reader reader;
    rapidjson::StringStream stream(text.c_str());
    const auto result = reader.Parse<rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseNanAndInfFlag>(
        stream, builder);
    REQUIRE_FALSE(result.IsError());
}

}  // namespace

TEST_CASE("the builder makes the value the text holds, numbers by their kind", "[dump][json_value_builder]") {
    JsonValueBuilder builder;
    CHECK_FALSE(builder.complete());
    build(builder, R"({"i": -3, "u": 18446744073709551615, "d": 2.0, "nan": NaN, "s": "x", "a": [true, null, {}]})");
    REQUIRE(builder.complete());
    const JsonView value(builder.value());
    CHECK(value.member("i").integer() == -3);
    CHECK(value.member("u").uint64() == std::numeric_limits<std::uint64_t>::max());
    CHECK(value.member("d").is_double());
    CHECK(std::isnan(*value.member("nan").number()));
    CHECK(value.member("s").text() == "x");
    CHECK(compact_json(value) == R"({"i":-3,"u":18446744073709551615,"d":2.0,"nan":NaN,"s":"x","a":[true,null,{}]})");
    CHECK_FALSE(builder.repeated_name());
}

TEST_CASE("the builder notes a name its top-level object repeats, not a deeper one", "[dump][json_value_builder]") {
    JsonValueBuilder top;
    build(top, R"({"output": 1, "input": 2, "output": 3})");
    CHECK(top.repeated_name() == "output");
    JsonValueBuilder deeper;
    build(deeper, R"({"output": [{"Max": 1, "Max": 2}]})");
    CHECK_FALSE(deeper.repeated_name());
}

TEST_CASE("a scalar is a whole value, and reset makes room for the next one", "[dump][json_value_builder]") {
    JsonValueBuilder builder;
    CHECK(builder.RawNumber("7", 1, false));
    REQUIRE(builder.complete());
    CHECK(JsonView(builder.value()).int32() == 7);
    builder.reset();
    CHECK_FALSE(builder.complete());
    build(builder, R"({"a": "b", "a": "c"})");
    CHECK(builder.repeated_name() == "a");
    builder.reset();
    CHECK_FALSE(builder.repeated_name());
    // A value larger than the builder's first block of memory.
    std::string big = "[";
    for (int i = 0; i < 5000; ++i) big += (i ? ",\"" : "\"") + std::string(40, 'x') + "\"";
    big += "]";
    build(builder, big);
    REQUIRE(builder.complete());
    CHECK(JsonView(builder.value()).size() == 5000);
    CHECK(JsonView(builder.value()).item(4999).text() == std::string(40, 'x'));
}
