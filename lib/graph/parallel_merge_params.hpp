#pragma once
// The parallel layout of one side of a run (input.json's "parallel_merge"):
// how many ranks, and how they split tensor (TP), pipeline (PP) and virtual
// pipeline (VPP) parallelism; and the Megatron default rank groups.
#include <string>
#include <vector>

#include "dump/json_view.hpp"

namespace msprobe::graph {

struct ParallelParams {
    int rank_size = 1;
    int tp = 1;
    int pp = 1;
    int vpp = 1;
    std::string order = "tp-cp-ep-dp-pp";
};

// Reads and checks one side's object (spec graph.md §8.1). Throws
// msprobe::Error naming `file`; `side` ("npu"/"bench") goes into the reason.
ParallelParams read_parallel_params(dump::JsonView value, const std::string& side, const std::string& file);

// The checks on the values alone: sizes dividing rank_size, vpp with pp, the order's letters.
void check_parallel_params(const ParallelParams& params, const std::string& side, const std::string& file);

// Megatron's default groups for `params`: the TP groups or the PP groups, each
// a list of ranks, in Megatron's order.
std::vector<std::vector<int>> default_tp_groups(const ParallelParams& params);
std::vector<std::vector<int>> default_pp_groups(const ParallelParams& params);

}  // namespace msprobe::graph
