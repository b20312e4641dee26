#include "graph/model_graph.hpp"

#include <algorithm>
#include <string_view>
#include <unordered_set>

namespace msprobe::graph {

ModelGraph::ModelGraph() { root_ = &add("DefaultModel", NodeKind::Module); }

GraphNode* ModelGraph::find(const std::string& id) {
    const auto it = by_id_.find(id);
    return it == by_id_.end() ? nullptr : it->second.node;
}

const GraphNode* ModelGraph::find(const std::string& id) const {
    const auto it = by_id_.find(id);
    return it == by_id_.end() ? nullptr : it->second.node;
}

void ModelGraph::insert(GraphNode& node) {
    const auto [it, added] = by_id_.try_emplace(node.id, Entry{&node, lookup_order_.size()});
    if (added) {
        lookup_order_.push_back(&node);
    } else {
        // An existing key keeps its place and names the new node.
        it->second.node = &node;
        lookup_order_[it->second.position] = &node;
    }
}

void ModelGraph::rename(GraphNode& node, std::string id) {
    const auto old = by_id_.find(node.id);
    if (old != by_id_.end() && old->second.node == &node) by_id_.erase(old);
    node.id = std::move(id);
    insert(node);
}

void ModelGraph::index(GraphNode& node) { insert(node); }

void ModelGraph::forget(const std::string& id) { by_id_.erase(id); }

std::vector<GraphNode*> ModelGraph::lookup_order() const {
    std::vector<GraphNode*> order;
    for (std::size_t i = 0; i < lookup_order_.size(); ++i) {
        GraphNode* node = lookup_order_[i];
        const auto it = by_id_.find(node->id);
        if (it != by_id_.end() && it->second.node == node && it->second.position == i) order.push_back(node);
    }
    return order;
}

GraphNode& ModelGraph::add(std::string id, NodeKind kind) {
    auto node = std::make_unique<GraphNode>();
    node->id = std::move(id);
    return adopt(std::move(node), kind);
}

GraphNode& ModelGraph::adopt(std::unique_ptr<GraphNode> node, NodeKind kind) {
    node->kind = kind;
    GraphNode& added = *nodes_.emplace_back(std::move(node));
    if (!by_id_.count(added.id)) insert(added);
    return added;
}

void ModelGraph::release_items(const GraphNode& node) {
    // The graph owns its nodes: a node it hands out as const is still its own to change.
    auto& owned = const_cast<GraphNode&>(node);  // NOLINT(cppcoreguidelines-pro-type-const-cast)
    std::vector<PortItem>().swap(owned.inputs);
    std::vector<PortItem>().swap(owned.outputs);
}

std::vector<const GraphNode*> ModelGraph::post_order() const {
    std::vector<const GraphNode*> order;
    std::unordered_set<std::string_view> emitted;  // ids, which stay put while the order is made
    // Explicit stack: (node, index of the next child to visit).
    std::vector<std::pair<const GraphNode*, std::size_t>> stack{{root_, 0}};
    std::unordered_set<const GraphNode*> on_path{root_};
    while (!stack.empty()) {
        auto& [node, next] = stack.back();
        if (next < node->children.size()) {
            const GraphNode* child = node->children[next++];
            if (!emitted.count(child->id) && !on_path.count(child)) {
                stack.emplace_back(child, 0);
                on_path.insert(child);
            }
            continue;
        }
        const GraphNode* done = node;
        stack.pop_back();
        on_path.erase(done);
        if (emitted.insert(done->id).second) order.push_back(done);
    }
    return order;
}

void attach(GraphNode& node, GraphNode& parent) {
    if (node.parent != nullptr || &node == &parent) return;
    node.parent = &parent;
    parent.children.push_back(&node);
}

std::vector<std::string> ancestor_ids(const GraphNode& node) {
    std::vector<std::string> ids;
    std::unordered_set<const GraphNode*> seen{&node};
    for (const GraphNode* p = node.parent; p != nullptr && seen.insert(p).second; p = p->parent) ids.push_back(p->id);
    std::reverse(ids.begin(), ids.end());
    return ids;
}

}  // namespace msprobe::graph
