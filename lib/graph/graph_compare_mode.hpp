#pragma once
// Which comparison a graph pair gets: compare's mode (statistics, md5 digests,
// real tensor data), or nullopt for structure-only dumps (nothing to compare,
// only the tree).
#include <optional>
#include <string_view>

#include "compare/compare_mode.hpp"
#include "graph/rank_folder.hpp"

namespace msprobe::graph {

// tb_config.task: "summary", "md5", "all", or "structure" for nullopt.
std::string_view task_name(std::optional<compare::CompareMode> mode);

// nullopt when both dumps are structure-only. Throws msprobe::Error naming the bench dump.json when the tasks
// disagree, or when a MindSpore dump is compared with a PyTorch one without `layer_mapping` (names differ across
// frameworks: only -lm can pair them).
std::optional<compare::CompareMode> detect_graph_compare_mode(const RankFolder& npu, const RankFolder& bench,
                                                              bool layer_mapping);

}  // namespace msprobe::graph
