// The items a parallel merge compares between the copies of a node on several
// ranks, and the renaming of other ranks' nodes.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "graph/parallel_merge_items.hpp"

using msprobe::dump::StatValue;
using namespace msprobe::graph;

namespace {

PortItem stat_item(const std::string& key, double max, double mean, const char* dtype = "torch.float32") {
    msprobe::dump::DumpRow row;
    row.name = key;
    row.dtype = dtype;
    row.stats = {StatValue::of_number(max), StatValue::of_number(0), StatValue::of_number(mean),
                 StatValue::of_number(max)};
    PortItem item;
    item.set_row(row);
    return item;
}

GraphNode node_of(const std::string& id, std::vector<PortItem> outputs) {
    GraphNode node;
    node.id = id;
    node.outputs = std::move(outputs);
    return node;
}

}  // namespace

TEST_CASE("merge items: statistics the same exactly, Mean and Norm within a relative 1e-6",
          "[graph][parallel_merge_items]") {
    const PortItem a = stat_item("x", 2.0, 1.0);
    CHECK(same_statistics(a, stat_item("x", 2.0, 1.0 + 1e-7), true));
    CHECK_FALSE(same_statistics(a, stat_item("x", 2.0, 1.0 + 1e-7), false));
    CHECK_FALSE(same_statistics(a, stat_item("x", 2.0, 1.1), true));
    CHECK_FALSE(same_statistics(a, stat_item("x", 2.0 + 1e-12, 1.0), true));  // Max exactly
    PortItem text = stat_item("x", 2.0, 1.0);
    msprobe::dump::DumpRow text_row = text.unpacked_row();
    text_row.stats[0] = StatValue::of_text("inf");
    text.set_row(text_row);
    CHECK(same_statistics(a, text, true));  // a value that is not a number makes no difference
    CHECK(same_statistics(stat_item("x", 1, NAN), stat_item("x", 1, NAN), true));
    CHECK_FALSE(same_statistics(stat_item("x", 1, NAN), stat_item("x", 1, 0.5), true));
    CHECK(same_statistics(stat_item("x", 1, 0.0), stat_item("x", 1, 5e-7), true));  // absolute when the main is 0
}

TEST_CASE("merge items: split items of a node against its partners", "[graph][parallel_merge_items]") {
    GraphNode main =
        node_of("Torch.matmul.0.forward",
                {stat_item("Torch.matmul.0.forward.output.0", 4, 2), stat_item("Torch.matmul.0.forward.output.1", 1, 1),
                 stat_item("Torch.matmul.0.forward.output.2", 9, 1, "torch.bool")});
    const GraphNode partner = node_of("Torch.matmul_rank1.0.forward",
                                      {stat_item("Torch.matmul_rank1.0.forward.output.0", 3, 2),
                                       stat_item("Torch.matmul_rank1.0.forward.output.1", 1, 1),
                                       stat_item("Torch.matmul_rank1.0.forward.output.2", 1, 1, "torch.bool")});
    const auto split = split_items(main, &GraphNode::outputs, {&partner});
    REQUIRE(split.size() == 1);  // output.1 is the same everywhere, output.2's dtype is not merged
    CHECK(split[0].name == "output.0");
    CHECK(split[0].main == &main.outputs[0]);
    REQUIRE(split[0].partners.size() == 1);
    CHECK(split[0].partners[0] == &partner.outputs[0]);
    // Without comparing values, every item of a mergeable dtype counts as split.
    CHECK(split_items(main, &GraphNode::outputs, {&partner}, false).size() == 2);
    CHECK(split_items(main, &GraphNode::outputs, {}).empty());
    // A partner without the item: nothing to merge it with.
    const GraphNode bare = node_of("Torch.matmul_rank1.0.forward", {});
    CHECK(split_items(main, &GraphNode::outputs, {&bare}).empty());
}

TEST_CASE("merge items: names of other ranks' nodes and their items", "[graph][parallel_merge_items]") {
    CHECK(rank_named_api("Functional.linear.1.backward", "1") == "Functional.linear_rank1.1.backward");
    CHECK(rank_named_api("Functional.linear", "3") == "Functional.linear_rank3");
    CHECK(rank_named_api("linear", "3") == "linear");
    std::string text = "a.b.a.b";
    replace_all(text, "a.", "x.a.");
    CHECK(text == "x.a.b.x.a.b");
    replace_all(text, "", "y");
    CHECK(text == "x.a.b.x.a.b");

    GraphNode node = node_of("Torch.add.0.forward", {stat_item("Torch.add.0.forward.output.0", 1, 1)});
    node.inputs = {stat_item("Torch.add.0.forward.input.0", 1, 1)};
    node.id = "Torch.add_rank2.0.forward";
    rename_items(node, "Torch.add.0.forward");
    CHECK(node.inputs[0].key() == "Torch.add_rank2.0.forward.input.0");
    CHECK(node.outputs[0].key() == "Torch.add_rank2.0.forward.output.0");
    CHECK(item_named(node.outputs, "Torch.add_rank2.0.forward.output.0") == &node.outputs[0]);
    CHECK(item_named(node.outputs, "Torch.add.0.forward.output.0") == nullptr);
}
