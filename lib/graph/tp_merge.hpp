#pragma once
// Tensor-parallel merge (spec graph.md §8.4): the statistics of items that TP
// split across the ranks of a group are merged into the main rank's node,
// which records the formulas in parallel_merge_info.
#include <vector>

#include "graph/model_graph.hpp"

namespace msprobe::graph {

struct RankGraph {
    int rank = 0;
    ModelGraph* graph = nullptr;
};

// `group` starts with the main graph; `full_floats`: August's unrounded texts.
void merge_tp_group(const std::vector<RankGraph>& group, bool full_floats);

}  // namespace msprobe::graph
