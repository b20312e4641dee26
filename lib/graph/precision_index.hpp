#pragma once
// The precision index of a compared NPU node (what the viewer colours by) and
// of the API collections, per compare mode, as msprobe computes them.
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "compare/compare_mode.hpp"
#include "dump/dump_row.hpp"
#include "graph/model_graph.hpp"

namespace msprobe::graph {

// What a compared node's index measures: the mode's metric (node_precision_index:
// msprobe's graph) or the worst verdict of its items (pass 0, warning 0.5,
// error 1: msprobe's graph_visualize). The legend follows the kind.
enum class IndexKind { ModeMetric, Verdict };

// Whether a larger index is the better one: md5's metric, 1 for equal digests. `mode`: nullopt for structure.
bool higher_index_is_better(std::optional<compare::CompareMode> mode, IndexKind kind);

// An item whose Max is null (a None leaf): statistics indexes and comparisons leave it out.
bool max_is_null(const PortItem& item);

// The comparison cells copied to one item, in column order (the names are the mode's static column lists):
// what its node's index is made from, before they are packed into the item's compared fields.
using ItemMetrics = std::vector<std::pair<std::string_view, dump::StatValue>>;

// The cells of each item of one node: inputs[i] are node.inputs[i]'s, outputs[i] node.outputs[i]'s.
struct NodeMetrics {
    std::vector<ItemMetrics> inputs;
    std::vector<ItemMetrics> outputs;
};

// From the node's compared items and their cells (a structure compare has
// none); ignored APIs (empty, empty_like, ...) are forced to the harmless value.
PrecisionIndex node_precision_index(const GraphNode& node, compare::CompareMode mode, const NodeMetrics& metrics);

// Every API collection under the root: the worst of its children, children
// without an index counting as harmless. `mode`: nullopt for structure.
void assign_collection_precision(ModelGraph& npu, std::optional<compare::CompareMode> mode,
                                 IndexKind kind = IndexKind::ModeMetric);

}  // namespace msprobe::graph
