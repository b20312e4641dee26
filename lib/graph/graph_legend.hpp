#pragma once
// tb_config's tool_tip (what each metric means) and node_colors (the legend:
// colour → precision-index range and description) of a compare, per mode.
#include <optional>
#include <string>
#include <string_view>

#include "compare/compare_mode.hpp"

namespace msprobe::graph {

// `mode`: nullopt for structure-only dumps (the real-data tool tips, a legend of the unmatched grey only).
std::string tool_tip_json(std::optional<compare::CompareMode> mode);
std::string node_colors_json(std::optional<compare::CompareMode> mode);

// The legend's colour of a matched node's precision index ("" where the mode colours
// no index: structure, nullopt); unmatched nodes are kUnmatchedColour.
std::string_view legend_colour(std::optional<compare::CompareMode> mode, double index);
inline constexpr std::string_view kUnmatchedColour = "#C7C7C7";
// What a legend colour of `mode` stands for, as a summary names it: "index in [0, 0.2)", "index in [0.8, 1]",
// "same md5", "md5 differs"; the colour itself where the mode has no such bucket.
std::string legend_label(std::optional<compare::CompareMode> mode, std::string_view colour);
inline constexpr std::string_view kWorstColour = "#FF704D";

}  // namespace msprobe::graph
