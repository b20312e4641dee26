#pragma once
// Parallel merge (spec graph.md §8): the graphs of the ranks of one step and
// one side become one graph per tensor-parallel group. The free API
// collections of all ranks are gathered under Apis_Between_Modules_All_Ranks
// nodes, and the statistics of items that TP split across ranks are merged
// into the main (first) rank's nodes, with the formulas in
// parallel_merge_info.
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "graph/model_graph.hpp"
#include "graph/parallel_merge_params.hpp"

namespace msprobe::graph {

struct RankGraph {
    int rank = 0;
    ModelGraph* graph = nullptr;
};

// Whether this build merges `params`' layout (none or TP); PP, VPP and mixed
// layouts are not provided.
bool parallel_merge_provided(const ParallelParams& params);

class ParallelMerge {
public:
    ParallelMerge() = default;
    ParallelMerge(const ParallelMerge&) = delete;
    ParallelMerge& operator=(const ParallelMerge&) = delete;

    // Merges `graphs` (ascending ranks) in place and returns the graphs to
    // export, the main graph of each group. Nodes of the other ranks move into
    // the main graphs: every input graph and this object must outlive the
    // export. `side` ("NPU"/"Bench") prefixes the log lines. Throws
    // msprobe::Error naming `file` when a group names a rank without a graph.
    std::vector<RankGraph> merge(const std::vector<RankGraph>& graphs, const ParallelParams& params,
                                 const std::string& side, const std::string& file);

private:
    // The merged leaves the main items point to from then on.
    rapidjson::Document leaves_;
};

}  // namespace msprobe::graph
