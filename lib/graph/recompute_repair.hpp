#pragma once
// Activation checkpointing runs a layer's forward again during backward, so
// the dumper records the recomputed layer at the top level; msprobe moves such
// top-level modules under the backward node of the layer they belong to.
#include "graph/model_graph.hpp"

namespace msprobe::graph {

// `august` (graph_visualize): a candidate of a PyTorch dump (`pytorch_dump`, RankFolder's)
// also needs its forward call's stack to show the recomputation (recompute_stack),
// and a move that would hang a node below itself is skipped.
void repair_recomputed_layers(ModelGraph& graph, bool august = false, bool pytorch_dump = true);

}  // namespace msprobe::graph
