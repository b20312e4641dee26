#pragma once
// Whether two nodes, of one graph or of two, hang under the same ancestors
// (the same ids from the root down), in constant time per question once each
// node's path is known: every node is given the number of its root path,
// interned per (parent's path number, id), so equal numbers mean equal paths
// and a chain of depth d costs d steps in all, not d per node.
#include <cstddef>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "graph/graph_node.hpp"

namespace msprobe::graph {

class AncestorPaths {
public:
    // ancestor_ids(a) == ancestor_ids(b). The trees must not change between questions.
    bool same_ancestors(const GraphNode& a, const GraphNode& b);

private:
    struct KeyHash {
        std::size_t operator()(const std::pair<std::size_t, std::string>& key) const;
    };
    // The number of the path from the root to `node` (0: no node); memoized.
    std::size_t path_of(const GraphNode* node);

    std::unordered_map<const GraphNode*, std::size_t> paths_;
    std::unordered_map<std::pair<std::size_t, std::string>, std::size_t, KeyHash> interned_;
    std::vector<const GraphNode*> walk_;  // reused by path_of
};

}  // namespace msprobe::graph
