#pragma once
// The tree of one rank folder of one side: nodes in creation order, looked up
// by id, hanging from the root DefaultModel.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/name_table.hpp"
#include "graph/graph_node.hpp"

namespace msprobe::dump {
class JsonFile;
class StackFile;
}  // namespace msprobe::dump

namespace msprobe::graph {

class ModelGraph {
public:
    ModelGraph();
    ModelGraph(ModelGraph&&) noexcept = default;
    ModelGraph& operator=(ModelGraph&&) noexcept = default;

    GraphNode& root() { return *root_; }
    const GraphNode& root() const { return *root_; }
    GraphNode* find(std::string_view id);
    const GraphNode* find(std::string_view id) const;
    // Room for `count` nodes in all, so that a build of a known size does not grow its lists by doubling.
    void reserve(std::size_t count);
    // A new node (the id must not exist yet), appended to the creation order.
    GraphNode& add(std::string id, NodeKind kind);
    // The same for a node made before (a dump entry's, with its items): it takes `kind`.
    GraphNode& adopt(std::unique_ptr<GraphNode> node, NodeKind kind);
    // A parallel merge renames nodes and gathers other ranks' nodes into this
    // graph's lookup (their graphs must outlive this one): `rename` gives
    // `node` a new id in the lookup; `index` makes its id name it.
    void rename(GraphNode& node, std::string id);
    void index(GraphNode& node);
    // Drops `id` from the lookup (a merged-away node; the tree keeps what its parents hold).
    void forget(const std::string& id);
    // Every looked-up node in the order its id entered the lookup, as a
    // Python dict keeps its keys: a renamed node moves to the end, a node
    // indexed again under the same id keeps its place.
    std::vector<GraphNode*> lookup_order() const;
    // Frees the port items of `node`, one of this graph's (once its row is written: nothing reads them again).
    void release_items(const GraphNode& node);
    // Every node, root first, in creation order.
    const std::vector<std::unique_ptr<GraphNode>>& nodes() const { return nodes_; }

    // Exported nodes: post-order depth first from the root (children in list
    // order, a node after its subtree, the root last), each id once: a
    // parallel merge may hang two ranks' namesakes in one tree, and msprobe
    // exports the first.
    std::vector<const GraphNode*> post_order() const;

    // The stack.json the nodes' stacks point into, kept alive with the graph.
    std::shared_ptr<const dump::StackFile> stacks;
    std::optional<std::string> dump_data_dir;  // dump.json's dump_data_dir as written
    int micro_steps = 1;                       // tb_config.micro_steps of a build

private:
    std::vector<std::unique_ptr<GraphNode>> nodes_;
    struct Entry {
        GraphNode* node = nullptr;  // null once forgotten (or renamed away)
        std::size_t position = 0;   // in lookup_order_
    };
    void insert(GraphNode& node);
    Entry* entry(std::string_view id);
    const Entry* entry(std::string_view id) const;

    // Every id ever looked up, once each, and its entry (entries_[i] is ids_.name(i)'s): a copy of the id, as
    // a merge renames nodes in place and still finds them by their old ids until it looks them up again.
    NameTable ids_;
    std::vector<Entry> entries_;
    std::vector<GraphNode*> lookup_order_;  // entries whose position no longer matches are stale
    GraphNode* root_ = nullptr;
};

// Sets n's parent to p and appends n to p's children, unless n already has a
// parent or is p itself (the first parent wins).
void attach(GraphNode& node, GraphNode& parent);

// Ids of the node's ancestors, root first, the node excluded.
std::vector<std::string> ancestor_ids(const GraphNode& node);

}  // namespace msprobe::graph
