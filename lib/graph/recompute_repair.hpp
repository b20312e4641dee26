#pragma once
// Activation checkpointing runs a layer's forward again during backward, so
// the dumper records the recomputed layer at the top level; msprobe moves such
// top-level modules under the backward node of the layer they belong to.
#include "graph/model_graph.hpp"

namespace msprobe::graph {

void repair_recomputed_layers(ModelGraph& graph);

}  // namespace msprobe::graph
