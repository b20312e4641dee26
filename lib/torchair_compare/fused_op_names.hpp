#pragma once
// GE names a fused kernel after the graph ops it joins, their names run
// together ("Add_1Mul_2"). msprobe splits such a name back into graph ops by
// repeatedly taking the longest leading part that names one
// (torchair_acc_cmp.py: find_longest_name, get_all_ops_from_fusion_op,
// gather_fused_op_data).
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "torchair_compare/ge_graph.hpp"

namespace msprobe::torchair_compare {

// Whether an op name has a dump file of its own (the dumps find_longest_name is given).
using DumpedOp = std::function<bool(std::string_view)>;

// `name` when the graph has it; else its longest proper leading part the graph
// has, found from the longest down. nullopt when there is none, or when a
// longer leading part is a dumped op the graph lacks (msprobe then gives up).
std::optional<std::string> longest_graph_op(std::string_view name, const GeGraph& graph, const DumpedOp& dumped);

// The graph ops a fused name joins, from the front, as far as they can be
// found (the rest of the name is left unsplit).
std::vector<std::string> graph_ops_of(std::string_view fused_name, const GeGraph& graph, const DumpedOp& dumped);

}  // namespace msprobe::torchair_compare
