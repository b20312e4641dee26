#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

#include "dump/json_file.hpp"
#include "graph/port_item_leaf.hpp"

namespace {

using msprobe::graph::compact_leaf_json;
using msprobe::graph::LeafObject;
using msprobe::graph::PortItem;

// A leaf as JsonFile reads msprobe's dialect, written compactly, then read back.
std::string compacted(const std::string& text) {
    const auto file = msprobe::dump::JsonFile::from_text(text, "leaf.json");
    return compact_leaf_json(file.root());
}

PortItem item_of(std::string leaf) {
    PortItem item;
    item.leaf = std::move(leaf);
    return item;
}

}  // namespace

TEST_CASE("a leaf written compactly reads back with the same values and types") {
    const std::string text = compacted(
        R"({"type": "torch.Tensor", "dtype": "torch.float32", "shape": [4, 1024],
            "Max": 0.19744907319545746, "Min": -1e-310, "Mean": 1.0, "Norm": 3,
            "big": 18446744073709551615, "neg": -9223372036854775808, "requires_grad": true,
            "nan": NaN, "inf": Infinity, "minus_inf": -Infinity, "none": null,
            "text": "a \"quoted\" \\ line\n\u00e9", "nested": {"x": [1, 2.5, "3"]}})");
    // Compact: no whitespace between tokens (the only spaces left are inside "text").
    CHECK(text.find(": ") == std::string::npos);
    CHECK(text.find(", ") == std::string::npos);
    CHECK(text.find('\n') == std::string::npos);
    const LeafObject leaf(item_of(text));
    REQUIRE(leaf.get().is_object());
    CHECK(leaf.member("type").text() == "torch.Tensor");
    CHECK(leaf.member("shape").item(1).integer() == 1024);
    CHECK(leaf.member("Max").number() == 0.19744907319545746);
    CHECK(leaf.member("Min").number() == -1e-310);
    CHECK(leaf.member("Mean").is_double());  // 1.0 stays a float
    CHECK(leaf.member("Mean").number() == 1.0);
    CHECK(leaf.member("Norm").int32() == 3);
    CHECK(leaf.member("big").uint64() == std::numeric_limits<std::uint64_t>::max());
    CHECK(leaf.member("neg").integer() == std::numeric_limits<std::int64_t>::min());
    CHECK(leaf.member("requires_grad").boolean() == true);
    CHECK(std::isnan(*leaf.member("nan").number()));
    CHECK(leaf.member("inf").number() == std::numeric_limits<double>::infinity());
    CHECK(leaf.member("minus_inf").number() == -std::numeric_limits<double>::infinity());
    CHECK(leaf.member("none").is_null());
    CHECK(leaf.member("text").text() == "a \"quoted\" \\ line\n\xc3\xa9");
    CHECK(leaf.member("nested").member("x").item(1).number() == 2.5);
    CHECK_FALSE(leaf.member("absent"));
}

TEST_CASE("a name a leaf repeats is kept once, at its first place with its last value, as Python reads it") {
    // Deeper than the names JsonFile checks, a dump may repeat a name inside a leaf.
    const auto file = msprobe::dump::JsonFile::from_text(
        R"({"a": {"b": {"c": {"Max": 1, "Min": 0, "Max": 2, "d": {"e": 1, "e": 2}}}}})", "leaf.json");
    const auto leaf_value = file.root().member("a").member("b").member("c");
    CHECK(compact_leaf_json(leaf_value) == R"({"Max":2,"Min":0,"d":{"e":2}})");
}

TEST_CASE("a None item has no leaf object, nor has a leaf that is not an object") {
    const LeafObject none(item_of(""));
    CHECK_FALSE(none.get());
    CHECK_FALSE(none.member("Max"));
    const LeafObject list(item_of("[1,2]"));
    CHECK_FALSE(list.get());
    CHECK_FALSE(list.member("Max"));
}
