#include "graph/model_graph.hpp"

#include <algorithm>
#include <string_view>
#include <unordered_set>

namespace msprobe::graph {

ModelGraph::ModelGraph() { root_ = &add("DefaultModel", NodeKind::Module); }

ModelGraph::Entry* ModelGraph::entry(std::string_view id) {
    const auto at = ids_.find(id);
    return at ? &entries_[*at] : nullptr;
}

const ModelGraph::Entry* ModelGraph::entry(std::string_view id) const {
    const auto at = ids_.find(id);
    return at ? &entries_[*at] : nullptr;
}

GraphNode* ModelGraph::find(std::string_view id) {
    const Entry* found = entry(id);
    return found ? found->node : nullptr;
}

const GraphNode* ModelGraph::find(std::string_view id) const {
    const Entry* found = entry(id);
    return found ? found->node : nullptr;
}

void ModelGraph::insert(GraphNode& node) {
    Entry* known = entry(node.id);
    if (known != nullptr && known->node != nullptr) {
        // An existing key keeps its place and names the new node.
        known->node = &node;
        lookup_order_[known->position] = &node;
        return;
    }
    // A new key, or one forgotten: it takes the next place.
    const Entry added{&node, lookup_order_.size()};
    if (known != nullptr) {
        *known = added;
    } else {
        ids_.add(node.id);
        entries_.push_back(added);
    }
    lookup_order_.push_back(&node);
}

void ModelGraph::rename(GraphNode& node, std::string id) {
    Entry* old = entry(node.id);
    if (old != nullptr && old->node == &node) old->node = nullptr;
    node.id = std::move(id);
    insert(node);
}

void ModelGraph::index(GraphNode& node) { insert(node); }

void ModelGraph::forget(const std::string& id) {
    if (Entry* known = entry(id)) known->node = nullptr;
}

std::vector<GraphNode*> ModelGraph::lookup_order() const {
    std::vector<GraphNode*> order;
    for (std::size_t i = 0; i < lookup_order_.size(); ++i) {
        GraphNode* node = lookup_order_[i];
        const Entry* known = entry(node->id);
        if (known != nullptr && known->node == node && known->position == i) order.push_back(node);
    }
    return order;
}

void ModelGraph::reserve(std::size_t count) {
    nodes_.reserve(count);
    entries_.reserve(count);
    lookup_order_.reserve(count);
    ids_.reserve(count);
}

GraphNode& ModelGraph::add(std::string id, NodeKind kind) {
    auto node = std::make_unique<GraphNode>();
    node->id = std::move(id);
    return adopt(std::move(node), kind);
}

GraphNode& ModelGraph::adopt(std::unique_ptr<GraphNode> node, NodeKind kind) {
    node->kind = kind;
    GraphNode& added = *nodes_.emplace_back(std::move(node));
    if (find(added.id) == nullptr) insert(added);
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
