#pragma once
// Pipeline-parallel merge (spec graph.md §8.5): the layers each rank of a PP
// group ran are gathered into the main rank's graph, renumbered in pipeline
// order; modules all ranks share take the inputs or outputs of the last stage.
#include <vector>

#include "graph/tp_merge.hpp"

namespace msprobe::graph {

// `group` starts with the main graph (its API collections already merged).
// With `vpp` > 1 each rank ran `vpp` model chunks (root modules
// `Module.<c>.…`): afterwards the chunks' layers move into chunk 0, renumbered
// in pipeline order, and chunk 0 shows the last chunk's outputs (forward) or
// inputs (backward).
void merge_pp_group(const std::vector<RankGraph>& group, int vpp = 1);

}  // namespace msprobe::graph
