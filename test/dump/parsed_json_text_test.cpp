// A compact text this program wrote, parsed back and held: values and kinds
// as they were, an empty text holding nothing, a text that does not parse a
// fault of the program.
#include <catch2/catch.hpp>

#include <cmath>
#include <stdexcept>
#include <string>

#include "dump/parsed_json_text.hpp"

using msprobe::dump::ParsedJsonText;

TEST_CASE("a parsed text gives back its values with their kinds", "[dump][parsed_json_text]") {
    const ParsedJsonText parsed(R"({"type":"torch.Tensor","shape":[4,1024],"Max":1.0,"Min":-Infinity,"Mean":NaN,)"
                                R"("group_ranks":[0,1],"value":null,"text":"caf\u00e9"})");
    const auto root = parsed.root();
    REQUIRE(root.is_object());
    CHECK(root.member("type").text() == "torch.Tensor");
    CHECK(root.member("shape").item(1).int32() == 1024);
    CHECK(root.member("Max").is_double());
    CHECK(root.member("Min").number() == -INFINITY);
    CHECK(std::isnan(*root.member("Mean").number()));
    CHECK(root.member("group_ranks").size() == 2);
    CHECK(root.member("value").is_null());
    CHECK(root.member("text").text() == "caf\xc3\xa9");
}

TEST_CASE("a text larger than the first block reads back whole", "[dump][parsed_json_text]") {
    std::string text = "[";
    for (int i = 0; i < 2000; ++i) text += (i ? ",\"item " : "\"item ") + std::to_string(i) + "\"";
    text += "]";
    const ParsedJsonText parsed(text);
    REQUIRE(parsed.root().size() == 2000);
    CHECK(parsed.root().item(1999).text() == "item 1999");
}

TEST_CASE("an empty text holds no value, a text that does not parse is refused", "[dump][parsed_json_text]") {
    const ParsedJsonText empty("");
    CHECK_FALSE(empty.root());
    CHECK_FALSE(empty.root().member("Max"));
    CHECK(ParsedJsonText("3").root().int32() == 3);
    CHECK_THROWS_AS(ParsedJsonText("{\"a\":"), std::logic_error);
    CHECK_THROWS_WITH(ParsedJsonText("[1,]"), Catch::Contains("does not read back: [1,]"));
}
