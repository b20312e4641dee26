#pragma once
// tb_config's tool_tip (what each metric means) and node_colors (the legend:
// colour → precision-index range and description) of a compare, per mode.
#include <string>
#include <string_view>

#include "graph/graph_compare_mode.hpp"

namespace msprobe::graph {

std::string tool_tip_json(GraphCompareMode mode);
std::string node_colors_json(GraphCompareMode mode);

// The legend's colour of a matched node's precision index ("" where the mode colours
// no index: structure); unmatched nodes are kUnmatchedColour.
std::string_view legend_colour(GraphCompareMode mode, double index);
inline constexpr std::string_view kUnmatchedColour = "#C7C7C7";
inline constexpr std::string_view kWorstColour = "#FF704D";

}  // namespace msprobe::graph
