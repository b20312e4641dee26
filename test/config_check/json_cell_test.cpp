#include "config_check/json_cell.hpp"

#include <catch2/catch.hpp>

#include "dump/parsed_json_text.hpp"

using msprobe::config_check::json_cell;
using msprobe::dump::ParsedJsonText;

TEST_CASE("json cells: as pandas and openpyxl store Python values", "[config_check][json_cell]") {
    const ParsedJsonText values(R"(["text", true, 3, 0.5, null, [1, "a"], {"k": 1.0}])");
    const auto v = values.root();
    CHECK(json_cell(v.item(0)).text() == "text");
    CHECK(json_cell(v.item(1)).is_bool());
    CHECK(json_cell(v.item(1)).boolean_value());
    CHECK(json_cell(v.item(2)).number() == 3);
    CHECK(json_cell(v.item(3)).number() == 0.5);
    CHECK(json_cell(v.item(4)).is_empty());
    CHECK(json_cell(v.item(5)).text() == "[1, 'a']");
    CHECK(json_cell(v.item(6)).text() == "{'k': 1.0}");
    CHECK(json_cell({}).is_empty());
}
