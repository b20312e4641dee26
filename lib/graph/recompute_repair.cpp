#include "graph/recompute_repair.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string_view>
#include <unordered_set>

#include "dump/stack_file.hpp"
#include "graph/backward_names.hpp"
#include "graph/id_segments.hpp"
#include "graph/recompute_stack.hpp"

namespace msprobe::graph {

namespace {

bool is_digits(const std::string& text) {
    return !text.empty() &&
           std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// Module ids deep enough to be a layer inside a container (msprobe's segment-count rule).
bool is_candidate(const std::vector<std::string>& segs) {
    if (segs.size() > 7) return true;
    if (segs.size() == 7) return !(is_digits(segs[1]) && is_digits(segs[3]));
    if (segs.size() == 6) return !is_digits(segs[1]);
    return false;
}

struct Recorded {
    GraphNode* node;
    std::string prefix;
    std::size_t root_index;
    bool forward;
};

// A backward call has no frames of its own: its forward twin's (same call count) are read.
bool confirmed_by_stack(const ModelGraph& graph, const std::string& id) {
    if (!graph.stacks) return false;
    const auto count = module_backward_count(id);
    const std::string forward = count ? with_direction(id, "backward", "forward", *count) : id;
    return stack_shows_recompute(graph.stacks->stack_lines(forward));
}

// Whether a node named as `ancestor` is above `node`: a walk up the parents, without copying their ids.
bool is_below(const GraphNode& node, const GraphNode& ancestor) {
    std::unordered_set<const GraphNode*> seen{&node};
    for (const GraphNode* p = node.parent; p != nullptr && seen.insert(p).second; p = p->parent) {
        if (p->id == ancestor.id) return true;
    }
    return false;
}

}  // namespace

void repair_recomputed_layers(ModelGraph& graph, const RecomputeRules& rules, bool pytorch_dump) {
    const bool check_stacks = rules.stack_confirms && pytorch_dump;
    GraphNode& root = graph.root();
    std::unordered_set<std::string> root_ids;
    for (const GraphNode* child : root.children) root_ids.insert(child->id);

    std::vector<Recorded> recorded;
    std::unordered_set<std::string> cached_twins;
    for (std::size_t i = 0; i < root.children.size(); ++i) {
        GraphNode* child = root.children[i];
        if (child->kind != NodeKind::Module) continue;
        if (check_stacks && !confirmed_by_stack(graph, child->id)) continue;
        auto segs = split_id(child->id);
        if (segs.size() < 2) continue;
        const std::string prefix = join_fields(segs, segs.size() - 2);
        const bool forward = segs[segs.size() - 2] == "forward";
        if (cached_twins.count(child->id)) {
            recorded.push_back({child, prefix, i, forward});
            continue;
        }
        if (!is_candidate(segs)) continue;
        auto& direction = segs[segs.size() - 2];
        direction = direction == "forward" ? "backward" : direction == "backward" ? "forward" : direction;
        const std::string twin = join_fields(segs, segs.size());
        if (root_ids.count(twin)) {
            recorded.push_back({child, prefix, i, forward});
            cached_twins.insert(twin);
        }
    }
    if (recorded.empty()) return;

    std::set<std::string> prefixes;
    for (const auto& r : recorded) prefixes.insert(r.prefix);
    std::map<std::string, std::vector<GraphNode*>> forward_lists;
    for (const auto& node : graph.nodes()) {
        if (node->kind != NodeKind::Module || !node->parent || node->parent == &root) continue;
        const auto count = module_forward_count(node->id);
        if (!count) continue;
        const std::string prefix =
            node->id.substr(0, node->id.size() - count->size() - std::string(".forward.").size());
        if (prefixes.count(prefix)) forward_lists[prefix].push_back(node.get());
    }
    for (auto& [prefix, list] : forward_lists) std::reverse(list.begin(), list.end());
    auto backward_lists = forward_lists;

    std::vector<std::size_t> moved;
    for (const Recorded& r : recorded) {
        auto& lists = r.forward ? forward_lists : backward_lists;
        const auto it = lists.find(r.prefix);
        if (it == lists.end() || it->second.empty()) continue;
        GraphNode* module = it->second.back();
        it->second.pop_back();
        if (module->parent == nullptr) continue;
        const auto parent_count = module_forward_count(module->parent->id);
        const std::string target = parent_count
                                       ? with_direction(module->parent->id, "forward", "backward", *parent_count)
                                       : module->parent->id;
        GraphNode* new_parent = graph.find(target);
        if (new_parent == nullptr) continue;
        if (rules.skip_moves_below_self && (new_parent == r.node || is_below(*new_parent, *r.node))) continue;
        r.node->parent = new_parent;
        new_parent->children.push_back(r.node);
        moved.push_back(r.root_index);
    }
    // One pass over the root's children, however many moved.
    std::vector<bool> gone(root.children.size(), false);
    for (const std::size_t index : moved) gone[index] = true;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < root.children.size(); ++i) {
        if (!gone[i]) root.children[kept++] = root.children[i];
    }
    root.children.resize(kept);
}

}  // namespace msprobe::graph
