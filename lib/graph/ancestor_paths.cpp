#include "graph/ancestor_paths.hpp"

#include <functional>
#include <unordered_set>

namespace msprobe::graph {

std::size_t AncestorPaths::KeyHash::operator()(const std::pair<std::size_t, std::string>& key) const {
    return std::hash<std::string>{}(key.second) ^ (key.first * 0x9E3779B97F4A7C15ULL);
}

bool AncestorPaths::same_ancestors(const GraphNode& a, const GraphNode& b) {
    return path_of(a.parent) == path_of(b.parent);
}

std::size_t AncestorPaths::path_of(const GraphNode* node) {
    // Up to the first node whose path is known (or the top), then down again.
    walk_.clear();
    std::unordered_set<const GraphNode*> on_walk;  // a cycle ends the path, as ancestor_ids does
    std::size_t above = 0;
    for (const GraphNode* n = node; n != nullptr; n = n->parent) {
        const auto known = paths_.find(n);
        if (known != paths_.end()) {
            above = known->second;
            break;
        }
        if (!on_walk.insert(n).second) break;
        walk_.push_back(n);
    }
    for (auto it = walk_.rbegin(); it != walk_.rend(); ++it) {
        const auto [entry, added] = interned_.try_emplace({above, (*it)->id}, interned_.size() + 1);
        above = entry->second;
        paths_.emplace(*it, above);
    }
    return above;
}

}  // namespace msprobe::graph
