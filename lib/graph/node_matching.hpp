#pragma once
// Pairs NPU nodes with Bench nodes, breadth first from the root, the way the
// graph command's three modes do: by id with equal item types/shapes and
// ancestors (default), through modules with counter-free API names (-f), or
// through the layer mapping's names without checks (-lm).
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "graph/model_graph.hpp"

namespace msprobe::graph {

enum class MatchKind { Default, Fuzzy, LayerMapping };

using NodePair = std::pair<GraphNode*, GraphNode*>;  // NPU, Bench

// Sets each matched node's partner on both sides and returns the pairs in the order
// they were matched. `layer_map` (NPU id → Bench id) is read for LayerMapping only.
// `check_shapes` false (August): default matching needs the id and ancestors
// alone, fuzzy matching no shapes.
std::vector<NodePair> match_nodes(ModelGraph& npu, ModelGraph& bench, MatchKind kind,
                                  const std::unordered_map<std::string, std::string>& layer_map = {},
                                  bool check_shapes = true);

}  // namespace msprobe::graph
