#pragma once
// Which kind of node a dump entry name makes (msprobe's name patterns).
#include <string_view>

#include "graph/graph_node.hpp"

namespace msprobe::graph {

// Module for Module./Cell./optimizer/clip_grad names, Api for the API
// prefixes (Tensor., Torch., Functional., Distributed., ...), Module otherwise.
NodeKind node_kind_of(std::string_view id);

// Whether one of the patterns names the kind of `id` (else it is a Module by
// default). August's module pattern also knows DefaultModel, the root's name.
bool is_known_node_name(std::string_view id, bool august);

}  // namespace msprobe::graph
