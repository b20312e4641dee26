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
    return compact_leaf_json(file.document());
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
    REQUIRE(leaf.get() != nullptr);
    CHECK(std::string(leaf.member("type")->GetString()) == "torch.Tensor");
    CHECK(leaf.member("shape")->GetArray()[1].GetInt() == 1024);
    CHECK(leaf.member("Max")->GetDouble() == 0.19744907319545746);
    CHECK(leaf.member("Min")->GetDouble() == -1e-310);
    CHECK(leaf.member("Mean")->IsDouble());  // 1.0 stays a float
    CHECK(leaf.member("Mean")->GetDouble() == 1.0);
    CHECK(leaf.member("Norm")->IsInt());
    CHECK(leaf.member("big")->GetUint64() == std::numeric_limits<std::uint64_t>::max());
    CHECK(leaf.member("neg")->GetInt64() == std::numeric_limits<std::int64_t>::min());
    CHECK(leaf.member("requires_grad")->GetBool());
    CHECK(std::isnan(leaf.member("nan")->GetDouble()));
    CHECK(leaf.member("inf")->GetDouble() == std::numeric_limits<double>::infinity());
    CHECK(leaf.member("minus_inf")->GetDouble() == -std::numeric_limits<double>::infinity());
    CHECK(leaf.member("none")->IsNull());
    CHECK(std::string(leaf.member("text")->GetString()) == "a \"quoted\" \\ line\n\xc3\xa9");
    CHECK(leaf.member("nested")->FindMember("x")->value.GetArray()[1].GetDouble() == 2.5);
    CHECK(leaf.member("absent") == nullptr);
}

TEST_CASE("a name a leaf repeats is kept once, at its first place with its last value, as Python reads it") {
    // Deeper than the names JsonFile checks, a dump may repeat a name inside a leaf.
    const auto file = msprobe::dump::JsonFile::from_text(
        R"({"a": {"b": {"c": {"Max": 1, "Min": 0, "Max": 2, "d": {"e": 1, "e": 2}}}}})", "leaf.json");
    const auto& leaf_value = file.document()["a"]["b"]["c"];
    CHECK(compact_leaf_json(leaf_value) == R"({"Max":2,"Min":0,"d":{"e":2}})");
}

TEST_CASE("a None item has no leaf object, nor has a leaf that is not an object") {
    const LeafObject none(item_of(""));
    CHECK(none.get() == nullptr);
    CHECK(none.member("Max") == nullptr);
    const LeafObject list(item_of("[1,2]"));
    CHECK(list.get() == nullptr);
}
