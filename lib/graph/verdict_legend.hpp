#pragma once
// The legend of verdict indexes (IndexKind::Verdict, as msprobe's
// graph_visualize stores it in tb_config.node_colors): three buckets of the
// pass / warning / error index (0, 0.5, 1) and the unmatched grey, each with
// its accuracy_level.
#include <optional>
#include <string>
#include <string_view>

#include "compare/compare_mode.hpp"

namespace msprobe::graph {

// `mode`: nullopt for structure-only dumps (the unmatched grey only).
std::string verdict_node_colors_json(std::optional<compare::CompareMode> mode);

// The legend's colour of a matched node's verdict index ("" in a structure compare, nullopt).
std::string_view verdict_legend_colour(std::optional<compare::CompareMode> mode, double index);

}  // namespace msprobe::graph
