#pragma once
// What a parallel merge compares between the copies of one node on several
// ranks: the items whose statistics differ (spec graph.md §8.4 step 3).
#include <string>
#include <vector>

#include "graph/graph_node.hpp"

namespace msprobe::graph {

// An item whose statistics differ between the ranks: the main item, then its partners'.
struct SplitItem {
    std::string name;  // the key without "<node id>."
    PortItem* main = nullptr;
    std::vector<const PortItem*> partners;
};

// The items of `node`'s `side` (inputs or outputs) with a numeric torch dtype
// whose Max or Min differ in some partner, or whose Mean or Norm differ by a
// relative 1e-6. Partners are taken until the first that lacks the item.
// Without `compare_values` every such item counts as split (the layers
// Megatron is known to split). None without partners.
std::vector<SplitItem> split_items(GraphNode& node, std::vector<PortItem> GraphNode::*side,
                                   const std::vector<const GraphNode*>& partners, bool compare_values = true);

// Whether two items' Max, Min, Mean and Norm are the same: exactly, or with
// `uncertain` Mean and Norm by a relative 1e-6. A value that is not a number
// never makes a difference.
bool same_statistics(const PortItem& a, const PortItem& b, bool uncertain);

const PortItem* item_named(const std::vector<PortItem>& items, const std::string& key);

// backward_names' replace_all in place; an empty `from` changes nothing.
void replace_all(std::string& text, const std::string& from, const std::string& to);

// An API of another rank keeps its place under a name of its own, the rank
// appended to the second dot-segment: Functional.linear.1.backward →
// Functional.linear_rank1.1.backward.
std::string rank_named_api(const std::string& id, const std::string& rank);

// Renames `node` to `id` in the keys of its items too, as msprobe's item keys carry the node id.
void rename_items(GraphNode& node, const std::string& old_id);

}  // namespace msprobe::graph
