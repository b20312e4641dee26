#pragma once
// The precision index of a compared NPU node (what the viewer colours by) and
// of the API collections, per compare mode, as msprobe computes them.
#include "graph/graph_compare_mode.hpp"
#include "graph/model_graph.hpp"

namespace msprobe::graph {

// From the node's compared items; ignored APIs (empty, empty_like, ...) are
// forced to the harmless value.
PrecisionIndex node_precision_index(const GraphNode& node, GraphCompareMode mode);

// Every API collection under the root: the worst of its children (max; md5:
// min, except with August's verdict indexes), children without an index
// counting as harmless.
void assign_collection_precision(ModelGraph& npu, GraphCompareMode mode, bool august = false);

}  // namespace msprobe::graph
