#pragma once
// -oc: every node whose dump entry the anomaly detector reports gets the
// detector's level (critical / high / medium).
#include <filesystem>

#include "graph/model_graph.hpp"

namespace msprobe::graph {

void attach_overflow_levels(ModelGraph& graph, const std::filesystem::path& dump_json);

}  // namespace msprobe::graph
