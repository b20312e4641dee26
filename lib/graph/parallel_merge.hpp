#pragma once
// Parallel merge (spec graph.md §8): the graphs of the ranks of one step and
// one side become one graph per tensor- or pipeline-parallel group. The free
// API collections of all ranks are gathered under
// Apis_Between_Modules_All_Ranks nodes; TP merges split statistics (tp_merge),
// PP gathers the pipeline stages' layers (pp_merge).
#include <string>
#include <vector>

#include "graph/parallel_merge_params.hpp"
#include "graph/tp_merge.hpp"

namespace msprobe::graph {

// How msprobe merges a layout (spec §8.1): only the API collections; TP; PP
// (VPP when vpp > 1); PP inside each PP group, then TP across the results,
// either as one TP merge of all PP results (tp·pp = rank_size) or one per TP
// group (data parallelism besides).
enum class MergeStrategy { None, Tp, Pp, TpPp, Full };

MergeStrategy merge_strategy(const ParallelParams& params);

// Merges `graphs` (ascending ranks) in place and returns the graphs to
// export, the main graph of each group. Nodes of the other ranks move into
// the main graphs: every input graph must outlive the export. `side`
// ("NPU"/"Bench") prefixes the log lines. Throws msprobe::Error naming `file`
// when a group names a rank without a graph.
std::vector<RankGraph> merge_parallel_graphs(const std::vector<RankGraph>& graphs, const ParallelParams& params,
                                             const std::string& side, const std::string& file);

}  // namespace msprobe::graph
