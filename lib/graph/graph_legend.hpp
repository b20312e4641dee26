#pragma once
// tb_config's tool_tip (what each metric means) and node_colors (the legend:
// colour → precision-index range and description) of a compare, per mode.
#include <string>

#include "graph/graph_compare_mode.hpp"

namespace msprobe::graph {

std::string tool_tip_json(GraphCompareMode mode);
std::string node_colors_json(GraphCompareMode mode);

}  // namespace msprobe::graph
