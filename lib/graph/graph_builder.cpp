#include "graph/graph_builder.hpp"

#include <unordered_map>

#include <fmt/format.h>

#include "common/error.hpp"
#include "common/printable.hpp"
#include "graph/api_collections.hpp"
#include "graph/backward_names.hpp"
#include "graph/node_kind.hpp"
#include "graph/parameter_gradients.hpp"
#include "graph/unknown_node_names.hpp"

namespace msprobe::graph {

namespace {

constexpr const char* kNoForwardStack =
    "This backward node cannot find the forward node and cannot retrieve stack information.";

class Builder {
public:
    Builder(RankFolder& folder, ModelGraph& graph, bool strict_compat, const BuildRules& rules)
        : folder_(folder),
          graph_(graph),
          strict_compat_(strict_compat),
          unknown_names_(rules.known_names, rules.unknown_name_level) {}

    void walk_construct() {
        const ConstructTable& construct = folder_.construct;
        for (std::size_t i = 0; i < construct.size(); ++i) {
            const ConstructEntry entry = construct.entry(i);
            const std::string id(entry.id);
            const auto parent_id = construct.repaired_parent(entry, strict_compat_);
            if (parent_id) unknown_names_.note(*parent_id);
            unknown_names_.note(id);
            if (parent_id == id) throw Error(construct_path(), fmt::format("'{}' is its own parent", printable(id)));
            GraphNode& parent = parent_id ? node_for(*parent_id) : graph_.root();
            attach(node_for(id), parent);
        }
        refuse_cycles();
    }

private:
    std::string construct_path() const { return (folder_.dir / "construct.json").string(); }

    // A module that is its own ancestor would vanish from the tree with
    // everything under it. Each node's parent chain is walked once; only
    // construct.json's entries have parents, so walking from them, in file
    // order, finds every cycle and names the first module on it the file reaches.
    void refuse_cycles() const {
        enum class State : unsigned char { OnWalk, Done };
        std::unordered_map<const GraphNode*, State> state;
        std::vector<const GraphNode*> walk;
        for (std::size_t i = 0; i < folder_.construct.size(); ++i) {
            const GraphNode* node = graph_.find(folder_.construct.entry(i).id);
            while (node != nullptr && !state.count(node)) {
                state.emplace(node, State::OnWalk);
                walk.push_back(node);
                node = node->parent;
            }
            if (node != nullptr && state.at(node) == State::OnWalk) {
                std::size_t length = 1;
                for (const GraphNode* p = node->parent; p != node; p = p->parent) ++length;
                throw Error(construct_path(), fmt::format("'{}' is its own ancestor ({} nodes form a cycle)",
                                                          printable(node->id), length));
            }
            for (const GraphNode* walked : walk) state[walked] = State::Done;
            walk.clear();
        }
    }

    GraphNode& node_for(const std::string& id) {
        if (GraphNode* existing = graph_.find(id)) return *existing;
        const auto dumped_at = folder_.entries.find(id);
        std::unique_ptr<GraphNode> dumped = dumped_at ? folder_.entries.take(*dumped_at, folder_.header.path) : nullptr;
        GraphNode& node = dumped ? graph_.adopt(std::move(dumped), node_kind_of(id)) : graph_.add(id, node_kind_of(id));
        node.stack = stack_of(id);
        if (folder_.construct.megatron_micro_steps()) {
            const auto entry = folder_.construct.find(id);
            node.micro_step = entry && entry->micro_step ? *entry->micro_step : 0;
        }
        return node;
    }

    // A backward entry without frames takes its forward twin's, which must
    // already be a node. msprobe takes a module's call 0 whatever the
    // backward's own count (kept with strict_compat).
    const std::vector<std::string>* stack_of(const std::string& id) const {
        static const std::vector<std::string> no_forward = {kNoForwardStack};
        const std::vector<std::string>* lines = folder_.stack->stack_lines(id);
        if (lines != nullptr && !lines->empty()) return lines;
        std::string twin;
        if (const auto count = module_backward_count(id)) {
            twin = with_direction(id, "backward", "forward", strict_compat_ ? "0" : *count);
        } else if (ends_with(id, ".backward")) {
            twin = direction_twin(id, "backward", "forward", strict_compat_);
        } else {
            return nullptr;
        }
        const GraphNode* forward = graph_.find(twin);
        if (forward == nullptr) return &no_forward;
        return forward->stack;
    }

    RankFolder& folder_;
    ModelGraph& graph_;
    bool strict_compat_;
    UnknownNodeNames unknown_names_;
};

}  // namespace

ModelGraph build_graph(RankFolder& folder, bool strict_compat, const BuildRules& rules) {
    ModelGraph graph;
    graph.stacks = folder.stack;
    graph.dump_data_dir = shown_dump_data_dir(rules.dump_data_dir, folder.dump_data_dir, folder.dir);
    // A node per construct.json entry, and a few more: the root, API collections, parameter gradients.
    graph.reserve(folder.construct.size() + folder.construct.size() / 16 + 16);
    Builder builder(folder, graph, strict_compat, rules);
    builder.walk_construct();
    folder.construct = ConstructTable();  // nothing after the walk reads it: its room goes to what follows
    repair_recomputed_layers(graph, rules.recompute, folder.pytorch_dump);
    group_apis_between_modules(graph);
    add_parameter_gradients(graph, folder);
    folder.entries.clear();  // the rest no node takes
    return graph;
}

}  // namespace msprobe::graph
