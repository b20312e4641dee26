#include "graph/pp_merge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <regex>
#include <set>
#include <tuple>

#include "common/log.hpp"
#include "graph/parallel_merge_items.hpp"

namespace msprobe::graph {

namespace {

const std::regex kLayers(R"((layers\.|layer\.)\d+(\.))");
// Other ranks' copies are marked "<id>%<position>%<rank>" until they are renamed.
const std::regex kMark(R"(%(\d+)%(\d+)$)");

bool has_layers(const std::string& id) { return std::regex_search(id, kLayers); }
bool has_mark(const std::string& id) { return std::regex_search(id, kMark); }
bool contains(const std::string& id, const char* part) { return id.find(part) != std::string::npos; }

// Every "layers.<n>." of `id` becomes "layers.<index>." (a format string
// "$1<index>$2" would read "$11" as group 11).
std::string renumbered_layers(const std::string& id, const std::string& index) {
    std::string out;
    auto rest = id.cbegin();
    for (std::sregex_iterator it(id.begin(), id.end(), kLayers), end; it != end; ++it) {
        out.append(rest, (*it)[0].first);
        out += (*it)[1].str() + index + (*it)[2].str();
        rest = (*it)[0].second;
    }
    out.append(rest, id.cend());
    return out;
}

class PpMerge {
public:
    explicit PpMerge(ModelGraph& main) : main_(main) {}

    void merge(GraphNode& node, const std::vector<RankGraph>& others) {
        std::vector<GraphNode*> copies;
        for (const RankGraph& other : others) {
            GraphNode* copy = other.graph->find(node.id);
            if (copy == nullptr) return;  // only the main rank has it
            copies.push_back(copy);
            rank_of_[copy] = other.rank;
        }
        if (!copies.empty()) {
            const std::vector<const GraphNode*> partners(copies.begin(), copies.end());
            const bool inputs_differ = !split_items(node, &GraphNode::inputs, partners).empty();
            const bool outputs_differ = !split_items(node, &GraphNode::outputs, partners).empty();
            bool split_layer = inputs_differ && outputs_differ && has_layers(node.id);
            // A backward may have no outputs: its forward tells whether the layer was split.
            if (contains(node.id, ".backward.")) {
                std::string forward = node.id;
                replace_all(forward, ".backward.", ".forward.");
                const GraphNode* f = main_.find(forward);
                if (f != nullptr && pp_split_.count(f)) split_layer = true;
            }
            if (split_layer) {
                pp_split_.insert(&node);
                GraphNode* parent = node.parent;
                for (GraphNode* copy : copies) {
                    mark(*copy, rank_of_[copy]);
                    add_to_main(*copy);
                    copy->parent = parent;
                    parent->children.push_back(copy);
                }
                return;
            }
            if (!inputs_differ && outputs_differ && contains(node.id, ".forward.")) {
                node.outputs = copies.back()->outputs;
            } else if (inputs_differ && !outputs_differ && contains(node.id, ".backward.")) {
                node.inputs = copies.back()->inputs;
            }
            adopt_unique_children(node, copies);
        }
        // Children appended meanwhile are visited too.
        for (std::size_t i = 0; i < node.children.size(); ++i) {
            if (node.children[i]->kind == NodeKind::Module) merge(*node.children[i], others);
        }
    }

    // Orders the marked copies among their siblings (forward: after the main
    // ones by ascending rank; backward: before them, descending) and renames them.
    void sort(GraphNode& start) {
        std::vector<GraphNode*> stack{&start};
        while (!stack.empty()) {
            GraphNode* node = stack.back();
            stack.pop_back();
            if (has_mark(node->id)) {
                const bool forward = contains(node->id, ".forward.") || contains(node->id, ".forward%");
                std::vector<GraphNode*> plain, marked;
                for (GraphNode* sibling : node->parent->children) (has_mark(sibling->id) ? marked : plain).push_back(sibling);
                std::stable_sort(marked.begin(), marked.end(), [&](const GraphNode* a, const GraphNode* b) {
                    return sort_key(*a, forward) < sort_key(*b, forward);
                });
                std::vector<GraphNode*> ordered = forward ? plain : marked;
                const auto& rest = forward ? marked : plain;
                ordered.insert(ordered.end(), rest.begin(), rest.end());
                int index = -1;
                const auto number = [&](GraphNode* item) {
                    if (has_layers(item->id)) ++index;
                    if (has_mark(item->id)) pp_index_[item] = index;
                };
                if (forward) std::for_each(ordered.begin(), ordered.end(), number);
                else std::for_each(ordered.rbegin(), ordered.rend(), number);
                for (GraphNode* item : marked) rename(*item);
                node->parent->children = std::move(ordered);
            }
            stack.insert(stack.end(), node->children.begin(), node->children.end());
        }
    }

private:
    std::pair<double, double> sort_key(const GraphNode& node, bool rank_ascending) const {
        std::smatch match;
        if (!std::regex_search(node.id, match, kMark)) {
            const double inf = std::numeric_limits<double>::infinity();
            return rank_ascending ? std::pair{inf, inf} : std::pair{-inf, -inf};
        }
        const double position = std::stod(match[1].str()), rank = std::stod(match[2].str());
        return {rank_ascending ? rank : -rank, position};
    }

    void mark(GraphNode& node, int rank) {
        std::size_t position = 0;
        const auto& siblings = node.parent->children;
        for (std::size_t i = 0; i < siblings.size(); ++i) {
            if (siblings[i]->id == node.id) {
                position = i;
                break;
            }
        }
        node.id += fmt::format("%{}%{}", position, rank);
        for (GraphNode* child : node.children) mark(*child, rank);
    }

    void add_to_main(GraphNode& node) {
        if (main_.find(node.id) != nullptr) log::warning(fmt::format("{} is exist!", node.id));
        else main_.index(node);
        for (GraphNode* child : node.children) add_to_main(*child);
    }

    // Children only another rank's copy has join the main node.
    void adopt_unique_children(GraphNode& node, const std::vector<GraphNode*>& copies) {
        std::vector<const std::vector<GraphNode*>*> lists{&node.children};
        for (const GraphNode* copy : copies) lists.push_back(&copy->children);
        std::vector<GraphNode*> unique;
        for (std::size_t i = 1; i < lists.size(); ++i) {
            std::set<std::string> elsewhere;
            for (std::size_t j = 0; j < lists.size(); ++j) {
                if (j == i) continue;
                for (const GraphNode* n : *lists[j]) elsewhere.insert(n->id);
            }
            std::set<std::string> seen;
            for (GraphNode* n : *lists[i]) {
                if (!elsewhere.count(n->id) && seen.insert(n->id).second) unique.push_back(n);
            }
        }
        for (GraphNode* n : unique) {
            mark(*n, rank_of_[n->parent]);
            add_to_main(*n);
            node.children.push_back(n);
            n->parent = &node;
        }
    }

    // Marked module layers take their pipeline position (layers.<k>.), marked APIs a _rank<r> name.
    void rename(GraphNode& start) {
        std::vector<std::pair<GraphNode*, std::string>> stack{{&start, ""}};
        while (!stack.empty()) {
            auto [node, pp_index] = stack.back();
            stack.pop_back();
            if (main_.find(node->id) == nullptr) {
                log::warning(fmt::format("Update node id {} fail!", node->id));
            } else {
                const std::string old_id = std::regex_replace(node->id, kMark, "");
                std::string id = node->id;
                if (node->kind == NodeKind::Module) {
                    if (has_layers(id) && has_mark(id)) {
                        const auto index = pp_index_.find(node);
                        if (index != pp_index_.end()) pp_index = std::to_string(index->second);
                        id = renumbered_layers(id, pp_index);
                    }
                } else {
                    id = rank_named_api(id, id.substr(id.rfind('%') + 1));
                }
                main_.rename(*node, std::regex_replace(id, kMark, ""));
                rename_items(*node, old_id);
            }
            for (GraphNode* child : node->children) stack.emplace_back(child, pp_index);
        }
    }

    ModelGraph& main_;
    std::unordered_map<const GraphNode*, int> rank_of_;  // the rank of each other rank's copy
    std::set<const GraphNode*> pp_split_;                // main nodes found split by PP
    std::unordered_map<const GraphNode*, int> pp_index_;
};

}  // namespace

void merge_pp_group(const std::vector<RankGraph>& group) {
    if (group.size() < 2) return;
    ModelGraph& main = *group.front().graph;
    const std::vector<RankGraph> others(group.begin() + 1, group.end());
    PpMerge merge(main);
    GraphNode& root = main.root();
    for (std::size_t i = 0; i < root.children.size(); ++i) {
        GraphNode& node = *root.children[i];
        if (node.kind != NodeKind::Module || node.id == "clip_grad" || node.id == "optimizer") continue;
        merge.merge(node, others);
        merge.sort(node);
    }
}

}  // namespace msprobe::graph
