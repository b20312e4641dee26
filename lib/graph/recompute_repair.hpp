#pragma once
// Activation checkpointing runs a layer's forward again during backward, so
// the dumper records the recomputed layer at the top level; msprobe moves such
// top-level modules under the backward node of the layer they belong to.
#include "graph/model_graph.hpp"

namespace msprobe::graph {

// What a move needs besides msprobe's name rules (msprobe's graph_visualize sets both).
struct RecomputeRules {
    // A candidate of a PyTorch dump needs its forward call's stack to show the recomputation (recompute_stack).
    bool stack_confirms = false;
    // A move that would hang a node below itself is skipped.
    bool skip_moves_below_self = false;
};

// `pytorch_dump`: RankFolder's, whether the stacks tell a recomputation.
void repair_recomputed_layers(ModelGraph& graph, const RecomputeRules& rules = {}, bool pytorch_dump = true);

}  // namespace msprobe::graph
