#pragma once
// Compares every matched node pair with compare's per-API metric code and
// attaches the resulting cells to the NPU node's port items.
#include "common/thread_pool.hpp"
#include "graph/graph_compare_mode.hpp"
#include "graph/node_matching.hpp"
#include "graph/rank_folder.hpp"

namespace msprobe::graph {

// Real-data mode reads the tensors from both folders' dump_tensor_data.
// `strict_compat` reproduces msprobe's misaligned rows (an md5 result
// reported on another item of the node, docs/compatibility.md).
// Throws msprobe::Error naming an unreadable tensor file.
// `august`: every compared item also gets August's verdict (Result,
// Err_message), and a node's index is its worst verdict (pass 0, warning 0.5,
// error 1).
void compare_node_pairs(const std::vector<NodePair>& pairs, GraphCompareMode mode, const RankFolder& npu,
                        const RankFolder& bench, bool strict_compat, ThreadPool& pool, bool august = false);

}  // namespace msprobe::graph
