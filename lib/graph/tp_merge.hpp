#pragma once
// Tensor-parallel merge (spec graph.md §8.4): the statistics of items that TP
// split across the ranks of a group are merged into the main rank's node,
// which records the formulas in parallel_merge_info.
#include <map>
#include <vector>

#include "graph/model_graph.hpp"

namespace msprobe::graph {

struct RankGraph {
    int rank = 0;
    ModelGraph* graph = nullptr;
};

// After a PP merge, a main graph holds other stages' APIs named
// `<Type>.<name>_rank<r>.…`: the TP partner of such a node in the i-th other
// graph is named after rank mapping[r][i]. Each TP group but the first maps
// its first rank to the others (the first group's ranks are the main graphs').
using TpRankMapping = std::map<int, std::vector<int>>;

// `group` starts with the main graph.
// Besides the statistics, Megatron's parallel linear layers are merged as
// msprobe does: a RowParallelLinear forward's (ColumnParallelLinear
// backward's) matmul shows the output of the all_reduce / reduce_scatter that
// follows it, and the items of a ColumnParallelLinear…RowParallelLinear
// sequence are merged without comparing their values.
void merge_tp_group(const std::vector<RankGraph>& group, const TpRankMapping& mapping = {});

}  // namespace msprobe::graph
