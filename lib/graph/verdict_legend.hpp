#pragma once
// The legend of verdict indexes (IndexKind::Verdict, as msprobe's
// graph_visualize stores it in tb_config.node_colors): three buckets of the
// pass / warning / error index (0, 0.5, 1) and the unmatched grey, each with
// its accuracy_level.
#include <string>
#include <string_view>

#include "graph/graph_compare_mode.hpp"

namespace msprobe::graph {

std::string verdict_node_colors_json(GraphCompareMode mode);

// The legend's colour of a matched node's verdict index ("" in a structure compare).
std::string_view verdict_legend_colour(GraphCompareMode mode, double index);

}  // namespace msprobe::graph
