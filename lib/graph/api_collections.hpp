#pragma once
// Runs of two or more consecutive top-level API nodes are grouped under a
// synthetic Apis_Between_Modules.N node at the run's place.
#include "graph/model_graph.hpp"

namespace msprobe::graph {

void group_apis_between_modules(ModelGraph& graph);

}  // namespace msprobe::graph
