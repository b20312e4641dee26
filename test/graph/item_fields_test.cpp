#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "graph/item_fields.hpp"

using msprobe::graph::ItemFields;

namespace {

std::vector<std::pair<std::string, std::string>> pairs_of(const ItemFields& fields) {
    std::vector<std::pair<std::string, std::string>> pairs;
    fields.for_each([&](std::string_view key, std::string_view text) { pairs.emplace_back(key, text); });
    return pairs;
}

}  // namespace

TEST_CASE("item fields keep their pairs in order, texts of any length and bytes") {
    const std::string long_text(300, 'x');        // a two-byte length
    const std::string huge_text(20000, 'y');      // a three-byte length
    const std::string with_nul("a\0b", 3);
    ItemFields fields;
    CHECK(fields.empty());
    fields.add("type", "torch.Tensor");
    fields.add("", "");
    fields.add("long", long_text);
    fields.add(with_nul, huge_text);
    CHECK_FALSE(fields.empty());
    const auto pairs = pairs_of(fields);
    REQUIRE(pairs.size() == 4);
    CHECK(pairs[0] == std::pair<std::string, std::string>{"type", "torch.Tensor"});
    CHECK(pairs[1] == std::pair<std::string, std::string>{"", ""});
    CHECK(pairs[2].second == long_text);
    CHECK(pairs[3].first == with_nul);
    CHECK(pairs[3].second == huge_text);
    CHECK(fields.find("long") == std::optional<std::string_view>(long_text));
    CHECK_FALSE(fields.find("absent"));
}

TEST_CASE("item fields: set replaces a text in place and appends a new key") {
    ItemFields fields(64);
    fields.add("Max", "1.0");
    fields.add("Min", "0.0");
    fields.set("Max", std::string(200, '9'));
    fields.set("Norm", "2.5");
    const auto pairs = pairs_of(fields);
    REQUIRE(pairs.size() == 3);
    CHECK(pairs[0] == std::pair<std::string, std::string>{"Max", std::string(200, '9')});
    CHECK(pairs[1] == std::pair<std::string, std::string>{"Min", "0.0"});
    CHECK(pairs[2] == std::pair<std::string, std::string>{"Norm", "2.5"});
}
