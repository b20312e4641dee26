#pragma once
// parameters_grad entries of dump.json become Module nodes under the last
// backward node of their module; without one (torch 1.13 dumps) they are dropped.
#include "graph/model_graph.hpp"
#include "graph/rank_folder.hpp"

namespace msprobe::graph {

// Takes the records of those entries from `folder`.
void add_parameter_gradients(ModelGraph& graph, RankFolder& folder);

}  // namespace msprobe::graph
