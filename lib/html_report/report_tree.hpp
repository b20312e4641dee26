#pragma once
// The model tree of a report: what the collapsible tree section draws. compare
// fills it from the result's API names, graph from its module tree; nodes may
// come in any order (a child before its parent), the page links them by id.
#include <cstdint>
#include <optional>
#include <string>

namespace msprobe::html_report {

enum class Level : std::uint8_t { Pass = 0, Warning = 1, Error = 2 };

struct TreeNode {
    std::string id;                    // unique within the report
    std::string parent;                // "" for a root
    std::string name;                  // what the tree shows
    std::optional<double> precision;   // precision index 0..1 (larger is worse), none when not compared
    std::string colour;                // CSS colour of the node, "" for the page's default
    // The node's verdict where its index alone does not tell it (graph's legends differ by mode); the page
    // then marks the first node with an error, else a warning. None: the page judges the index itself.
    std::optional<Level> level = std::nullopt;
};

// August msprobe's legend (spec graph.md §6): a verdict's precision index and its colour.
inline constexpr double kPassIndex = 0.0;
inline constexpr double kWarningIndex = 0.5;
inline constexpr double kErrorIndex = 1.0;
inline constexpr const char* kPassColour = "#FFFCF3";
inline constexpr const char* kWarningColour = "#FFDC7F";
inline constexpr const char* kErrorColour = "#FF704D";
inline constexpr const char* kUnmatchedColour = "#C7C7C7";

}  // namespace msprobe::html_report
