#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "graph/item_fields.hpp"

using msprobe::graph::FieldValue;
using msprobe::graph::ItemFields;
using msprobe::graph::ItemFieldsView;

namespace {

// Each pair with its value as written: April's rounding.
std::vector<std::pair<std::string, std::string>> pairs_of(const ItemFields& fields, bool round = true) {
    std::vector<std::pair<std::string, std::string>> pairs;
    fields.for_each(
        [&](std::string_view key, const FieldValue& value) { pairs.emplace_back(key, value.rendered(round)); });
    return pairs;
}

}  // namespace

TEST_CASE("item fields keep their pairs in order, texts of any length and bytes") {
    const std::string long_text(300, 'x');    // a two-byte length
    const std::string huge_text(20000, 'y');  // a three-byte length
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
    REQUIRE(fields.find("long"));
    CHECK(fields.find("long")->text == long_text);
    CHECK_FALSE(fields.find("absent"));
}

TEST_CASE("item fields keep floats as numbers, formatted rounded (April) or in full (August)") {
    ItemFields fields;
    fields.add_float("Max", 0.19744907319545746);
    fields.add("dtype", "torch.float32");
    fields.add_float("Min", -1e-07);
    CHECK(pairs_of(fields, true) == std::vector<std::pair<std::string, std::string>>{
                                        {"Max", "0.197449"}, {"dtype", "torch.float32"}, {"Min", "-1.000000e-07"}});
    CHECK(pairs_of(fields, false) == std::vector<std::pair<std::string, std::string>>{{"Max", "0.19744907319545746"},
                                                                                      {"dtype", "torch.float32"},
                                                                                      {"Min", "-1e-07"}});
    const auto max = fields.find("Max");
    REQUIRE(max);
    CHECK(max->is_float);
    CHECK(max->number == 0.19744907319545746);
}

TEST_CASE("item fields: set replaces a value in place and appends a new key") {
    ItemFields fields;
    fields.add("Max", "1.0");
    fields.add("Min", "0.0");
    const std::string nines(200, '9');
    fields.set("Max", FieldValue{nines});
    fields.set("Norm", FieldValue{{}, true, 2.5});
    fields.set("Min", FieldValue{{}, true, 0.25});
    const auto pairs = pairs_of(fields);
    REQUIRE(pairs.size() == 3);
    CHECK(pairs[0] == std::pair<std::string, std::string>{"Max", nines});
    CHECK(pairs[1] == std::pair<std::string, std::string>{"Min", "0.25"});
    CHECK(pairs[2] == std::pair<std::string, std::string>{"Norm", "2.5"});
}

TEST_CASE("item fields pack common keys and texts in a byte each, and others whole") {
    ItemFields fields;
    fields.add("type", "torch.Tensor");
    CHECK(fields.bytes() == 2);
    fields.add("dtype", "torch.float32");
    fields.add("requires_grad", "True");
    fields.add("data_name", "-1");
    CHECK(fields.bytes() == 8);
    // Near misses of common texts and keys, and texts in other places, stay as they are.
    fields.add("dtypes", "torch.float3");
    fields.add("Max diff", "0.0%x");
    fields.add("torch.Tensor", "dtype");
    fields.add("", "");
    CHECK(pairs_of(fields) == std::vector<std::pair<std::string, std::string>>{{"type", "torch.Tensor"},
                                                                               {"dtype", "torch.float32"},
                                                                               {"requires_grad", "True"},
                                                                               {"data_name", "-1"},
                                                                               {"dtypes", "torch.float3"},
                                                                               {"Max diff", "0.0%x"},
                                                                               {"torch.Tensor", "dtype"},
                                                                               {"", ""}});
    CHECK(fields.find("dtype")->text == "torch.float32");
    CHECK(fields.find("torch.Tensor")->text == "dtype");
}

TEST_CASE("item fields keep a float32 statistic in 4 bytes and any other float in 8, each read back exactly") {
    ItemFields fields;
    fields.add_float("Max", 2.406540632247925);  // a float32 tensor's maximum
    CHECK(fields.bytes() == 1 + 1 + 4);
    fields.add_float("Min", 0.1);
    CHECK(fields.bytes() == 6 + 1 + 1 + 8);
    fields.add_float("Mean", -0.0);
    fields.add_float("Norm", std::numeric_limits<double>::infinity());
    CHECK(fields.bytes() == 16 + 2 * 6);
    CHECK(fields.find("Max")->number == 2.406540632247925);
    CHECK(fields.find("Min")->number == 0.1);
    CHECK(std::signbit(fields.find("Mean")->number));
    CHECK(std::isinf(fields.find("Norm")->number));
    const auto texts = pairs_of(fields, false);
    REQUIRE(texts.size() == 4);
    CHECK(texts[0] == std::pair<std::string, std::string>{"Max", "2.406540632247925"});
    CHECK(texts[1] == std::pair<std::string, std::string>{"Min", "0.1"});
}

TEST_CASE("item fields: a view reads the packed pairs in place, and a list copied from it changes apart") {
    ItemFields own;
    own.add("type", "torch.Tensor");
    own.add_float("Max", 2.5);
    const ItemFieldsView view = own.view();
    CHECK(view.bytes() == own.bytes());
    CHECK(view.find("Max")->number == 2.5);
    CHECK_FALSE(view.find("Min"));
    CHECK_FALSE(ItemFieldsView().find("Max"));
    CHECK(ItemFieldsView().empty());
    ItemFields copy(view);
    copy.set("Max", FieldValue{"null"});
    CHECK(copy.find("Max")->text == "null");
    CHECK(own.find("Max")->number == 2.5);
    CHECK(pairs_of(copy, false) ==
          std::vector<std::pair<std::string, std::string>>{{"type", "torch.Tensor"}, {"Max", "null"}});
}
