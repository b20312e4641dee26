// The line-by-line reading of GE graph dumps that msprobe's
// torchair_acc_cmp.py:parse_pbtxt_to_dict does: blocks, values without their
// quotes, repeated keys renamed key#N, top-level value lines, and the lines
// its reader fails on.
#include "torchair_compare/pbtxt_blocks.hpp"

#include <catch2/catch.hpp>

#include <string>

#include "common/error.hpp"

using namespace msprobe::torchair_compare;

namespace {

const PbtxtField& field(const std::vector<PbtxtField>& fields, const std::string& key) {
    const PbtxtField* found = find_field(fields, key);
    REQUIRE(found != nullptr);
    return *found;
}

}  // namespace

TEST_CASE("pbtxt: a nested block with its values, quotes taken off", "[torchair_compare][pbtxt_blocks]") {
    // msprobe's own test input (test_parse_pbtxt_to_dict_when_nested_blocks_then_pass).
    const auto messages =
        parse_pbtxt("\nnode {\n  name: \"node_a\"\n  attr {\n    key: \"k\"\n    value: \"v\"\n  }\n}\n", "g.txt");
    REQUIRE(messages.size() == 1);
    const PbtxtField& node = field(messages[0], "node");
    CHECK(node.block);
    CHECK(field(node.fields, "name").text == "node_a");
    const PbtxtField& attr = field(node.fields, "attr");
    CHECK(field(attr.fields, "key").text == "k");
    CHECK(field(attr.fields, "value").text == "v");
}

TEST_CASE("pbtxt: a key met again in a block becomes key#1, key#2", "[torchair_compare][pbtxt_blocks]") {
    const auto messages = parse_pbtxt(
        "op {\n input: \"a:0\"\n input: \"b:1\"\n input: \"c:0\"\n attr {\n }\n"
        " attr {\n }\n}\n",
        "g.txt");
    REQUIRE(messages.size() == 1);
    const auto& op = field(messages[0], "op").fields;
    REQUIRE(op.size() == 5);
    CHECK(op[0].key == "input");
    CHECK(op[1].key == "input#1");
    CHECK(op[2].key == "input#2");
    CHECK(op[2].text == "c:0");
    CHECK(op[3].key == "attr");
    CHECK(op[4].key == "attr#1");
    CHECK(op[4].block);
}

TEST_CASE("pbtxt: a literal key#1 taken already moves the next repeat on", "[torchair_compare][pbtxt_blocks]") {
    // get_unique_key: the first free number, whatever took the others.
    const auto messages = parse_pbtxt("op {\n k#1: \"x\"\n k: \"a\"\n k: \"b\"\n k: \"c\"\n}\n", "g.txt");
    const auto& op = field(messages[0], "op").fields;
    REQUIRE(op.size() == 4);
    CHECK(op[1].key == "k");
    CHECK(op[2].key == "k#2");
    CHECK(op[3].key == "k#3");
}

TEST_CASE("pbtxt: every top-level block starts a message, top-level values join the one before",
          "[torchair_compare][pbtxt_blocks]") {
    const auto messages =
        parse_pbtxt("name: \"graph\"\nop {\n name: \"a\"\n}\nversion: 3\nop {\n name: \"b\"\n}\n", "g.txt");
    REQUIRE(messages.size() == 2);
    REQUIRE(messages[0].size() == 2);  // the line before the first block is lost
    CHECK(messages[0][1].key == "version");
    CHECK(messages[0][1].text == "3");
    CHECK(field(field(messages[1], "op").fields, "name").text == "b");
}

TEST_CASE("pbtxt: values keep what a quote does not surround, and ': ' inside a value stays",
          "[torchair_compare][pbtxt_blocks]") {
    const auto messages = parse_pbtxt("op {\n  dtype: DT_FLOAT\n  s: \"a: b\"\n  q: \"\n  t: \"x\\\"\"\n}\n", "g.txt");
    const auto& op = field(messages[0], "op").fields;
    CHECK(field(op, "dtype").text == "DT_FLOAT");
    CHECK(field(op, "s").text == "a: b");
    CHECK(field(op, "q").text.empty());     // a lone quote starts and ends the value: [1:-1] is empty
    CHECK(field(op, "t").text == "x\\\"");  // nothing is unescaped
}

TEST_CASE("pbtxt: ' {' decides before ': ', and a line with neither nor '}' is skipped",
          "[torchair_compare][pbtxt_blocks]") {
    const auto messages = parse_pbtxt("op {\n  s: \"a {\"\n  }\n  bare_word\n}\n", "g.txt");
    REQUIRE(messages.size() == 1);
    const auto& op = field(messages[0], "op").fields;
    REQUIRE(op.size() == 1);
    CHECK(op[0].key == "s: \"a");
    CHECK(op[0].block);
}

TEST_CASE("pbtxt: a '}' that closes no block names its line", "[torchair_compare][pbtxt_blocks]") {
    CHECK_THROWS_WITH(parse_pbtxt("op {\n}\n}\n", "/d/g.txt"), "/d/g.txt: line 3: '}' closes no block");
}

TEST_CASE("pbtxt: blocks nested past the bound are refused", "[torchair_compare][pbtxt_blocks]") {
    std::string deep;
    for (std::size_t i = 0; i <= kMaxPbtxtDepth; ++i) deep += "a {\n";
    CHECK_THROWS_AS(parse_pbtxt(deep, "g.txt"), msprobe::Error);
    std::string fine;
    for (std::size_t i = 0; i < kMaxPbtxtDepth; ++i) fine += "a {\n";
    CHECK(parse_pbtxt(fine, "g.txt").size() == 1);
}

TEST_CASE("pbtxt: CRLF lines and surrounding blanks are stripped", "[torchair_compare][pbtxt_blocks]") {
    const auto messages = parse_pbtxt("op {\r\n\t name: \"a\" \r\n}\r\n", "g.txt");
    CHECK(field(field(messages[0], "op").fields, "name").text == "a");
}
