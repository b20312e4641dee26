#pragma once
// Which kind of node a dump entry name makes (msprobe's name patterns).
#include <string_view>

#include "graph/graph_node.hpp"

namespace msprobe::graph {

// Module for Module./Cell./optimizer/clip_grad names, Api for the API
// prefixes (Tensor., Torch., Functional., Distributed., ...), Module otherwise.
NodeKind node_kind_of(std::string_view id);

// The names msprobe's patterns know; msprobe's graph_visualize's module
// pattern also knows DefaultModel, the root's name.
enum class KnownNames { Patterns, PatternsAndRoot };

// Whether one of the `known` patterns names the kind of `id` (else it is a
// Module by default).
bool is_known_node_name(std::string_view id, KnownNames known);

}  // namespace msprobe::graph
