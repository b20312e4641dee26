#pragma once
// Which comparison a graph pair gets: compare's mode detection (statistics,
// md5 digests, real tensor data) plus structure-only dumps.
#include <string_view>

#include "graph/rank_folder.hpp"

namespace msprobe::graph {

enum class GraphCompareMode { Summary, Md5, All, Structure };

// tb_config.task: "summary", "md5", "all", "structure".
std::string_view task_name(GraphCompareMode mode);

// Throws msprobe::Error naming the bench dump.json when the tasks disagree,
// or when a MindSpore dump is compared with a PyTorch one without `layer_mapping`
// (names differ across frameworks: only -lm can pair them).
GraphCompareMode detect_graph_compare_mode(const RankFolder& npu, const RankFolder& bench, bool layer_mapping);

}  // namespace msprobe::graph
