#include "graph/pp_merge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <regex>
#include <set>
#include <tuple>
#include <unordered_map>

#include "common/log.hpp"
#include "graph/parallel_merge_items.hpp"

namespace msprobe::graph {

namespace {

const std::regex kLayers(R"((layers\.|layer\.)\d+(\.))");
// Other ranks' copies are marked "<id>%<position>%<rank>" until they are renamed.
const std::regex kMark(R"(%(\d+)%(\d+)$)");
const std::regex kForwardEnd(R"(\.forward\.\d+$)");

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

    // Depth first from `start`, each module before its module children;
    // children appended meanwhile are visited too. An explicit stack: a module
    // chain may be deeper than the call stack.
    void merge(GraphNode& start, const std::vector<RankGraph>& others) {
        struct Frame {
            GraphNode* node;
            std::size_t next;  // the next child to visit
        };
        std::vector<Frame> stack;
        if (merge_node(start, others)) stack.push_back({&start, 0});
        while (!stack.empty()) {
            Frame& frame = stack.back();
            if (frame.next >= frame.node->children.size()) {
                stack.pop_back();
                continue;
            }
            GraphNode& child = *frame.node->children[frame.next++];
            if (child.kind == NodeKind::Module && merge_node(child, others)) stack.push_back({&child, 0});
        }
    }

    // Merges one module; whether its children are to be merged too.
    bool merge_node(GraphNode& node, const std::vector<RankGraph>& others) {
        std::vector<GraphNode*> copies;
        for (const RankGraph& other : others) {
            GraphNode* copy = other.graph->find(node.id);
            if (copy == nullptr) return false;  // only the main rank has it
            copies.push_back(copy);
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
                    mark(*copy, copy->rank);
                    add_to_main(*copy);
                    copy->parent = parent;
                    parent->children.push_back(copy);
                }
                return false;
            }
            if (!inputs_differ && outputs_differ && contains(node.id, ".forward.")) {
                node.outputs = copies.back()->outputs;
            } else if (inputs_differ && !outputs_differ && contains(node.id, ".backward.")) {
                node.inputs = copies.back()->inputs;
            }
            adopt_unique_children(node, copies);
        }
        return true;
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
                for (GraphNode* sibling : node->parent->children)
                    (has_mark(sibling->id) ? marked : plain).push_back(sibling);
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
                if (forward)
                    std::for_each(ordered.begin(), ordered.end(), number);
                else
                    std::for_each(ordered.rbegin(), ordered.rend(), number);
                for (GraphNode* item : marked) rename(*item);
                node->parent->children = std::move(ordered);
            }
            stack.insert(stack.end(), node->children.begin(), node->children.end());
        }
    }

    // Layers hanging right under the root (no wrapper module around them) that
    // only other stages ran join the main root after its own children, by
    // stage and position, numbered on; whatever else only those stages have
    // at the root comes along. The API collections are merged already.
    void adopt_unique_root_children(const std::vector<RankGraph>& others) {
        GraphNode& root = main_.root();
        if (std::none_of(root.children.begin(), root.children.end(),
                         [](const GraphNode* n) { return has_layers(n->id); })) {
            return;
        }
        std::set<std::string> main_ids;
        for (const GraphNode* node : root.children) main_ids.insert(node->id);
        std::vector<GraphNode*> adopted;
        for (const RankGraph& other : others) {
            for (GraphNode* node : other.graph->root().children) {
                if (!main_ids.count(node->id) && node->id.rfind("Apis_Between_Modules", 0) != 0)
                    adopted.push_back(node);
            }
        }
        if (adopted.empty()) return;
        for (GraphNode* node : adopted) {
            mark(*node, node->rank);
            add_to_main(*node);
            node->parent = &root;
            root.children.push_back(node);
        }
        std::vector<GraphNode*> plain, marked;
        for (GraphNode* node : root.children) (has_mark(node->id) ? marked : plain).push_back(node);
        std::stable_sort(marked.begin(), marked.end(), [&](const GraphNode* a, const GraphNode* b) {
            return sort_key(*a, true) < sort_key(*b, true);
        });
        int index = static_cast<int>(std::count_if(plain.begin(), plain.end(),
                                                   [](const GraphNode* n) { return has_layers(n->id); })) -
                    1;
        root.children = plain;
        root.children.insert(root.children.end(), marked.begin(), marked.end());
        for (GraphNode* node : marked) {
            if (has_layers(node->id)) pp_index_[node] = ++index;
            rename(*node);
        }
    }

    // VPP (spec §8.5): chunk 0's modules show the data that leaves (forward)
    // or enters (backward) the last chunk, looked up under the last chunk's id.
    void take_last_chunk_data(int vpp) {
        std::vector<GraphNode*> stack;
        for (GraphNode* node : main_.root().children) {
            const auto chunk = chunk_of(node->id);
            if (chunk == "0" || chunk == std::to_string(vpp - 1)) stack.push_back(node);
        }
        std::reverse(stack.begin(), stack.end());
        while (!stack.empty()) {
            GraphNode& node = *stack.back();
            stack.pop_back();
            if (pp_split_.count(&node) || pp_index_.count(&node) || node.kind != NodeKind::Module) continue;
            stack.insert(stack.end(), node.children.rbegin(), node.children.rend());
            const GraphNode* last = main_.find(chunk_renamed(node.id, std::to_string(vpp - 1)));
            if (last == nullptr || last == &node) continue;
            const bool forward = std::regex_search(node.id, kForwardEnd);
            auto GraphNode::*side = forward ? &GraphNode::outputs : &GraphNode::inputs;
            node.*side = last->*side;
            for (PortItem& item : node.*side) item.replace_in_name(last->id, node.id);
        }
    }

    // VPP (spec §8.5): the modules holding PP-split layers in chunk 0 take the
    // same modules' children of the other chunks (forward after, backward
    // before their own), whose chunks leave the graph; the layers are then
    // numbered in pipeline order.
    void move_chunks_into_chunk0(int vpp) {
        std::vector<GraphNode*> stack;
        for (GraphNode* node : main_.root().children) {
            if (chunk_of(node->id) == "0") stack.push_back(node);
        }
        std::reverse(stack.begin(), stack.end());
        std::vector<GraphNode*> layer_parents;  // in discovery order, each once
        const auto known = [&](const GraphNode* parent) {
            return std::find(layer_parents.begin(), layer_parents.end(), parent) != layer_parents.end();
        };
        while (!stack.empty()) {
            GraphNode& node = *stack.back();
            stack.pop_back();
            if (pp_split_.count(&node) || (pp_index_.count(&node) && !known(node.parent))) {
                if (!known(node.parent)) layer_parents.push_back(node.parent);
                continue;
            }
            stack.insert(stack.end(), node.children.rbegin(), node.children.rend());
        }
        GraphNode& root = main_.root();
        for (GraphNode* parent : layer_parents) {
            const bool forward = std::regex_search(parent->id, kForwardEnd);
            for (int chunk = 1; chunk < vpp; ++chunk) {
                GraphNode* other = main_.find(chunk_renamed(parent->id, std::to_string(chunk)));
                if (other == nullptr) continue;
                auto& children = parent->children;
                children.insert(forward ? children.end() : children.begin(), other->children.begin(),
                                other->children.end());
                for (GraphNode* child : other->children) child->parent = parent;
                // The other chunk's ancestors leave the graph; the chunk itself leaves the root.
                const auto ancestors = ancestor_ids(*other);
                if (ancestors.size() < 2) continue;
                for (std::size_t a = 1; a < ancestors.size(); ++a) main_.forget(ancestors[a]);
                std::erase_if(root.children, [&](const GraphNode* n) { return n->id == ancestors[1]; });
            }
            renumber_chunk_layers(*parent, forward);
        }
    }

private:
    // A root module's second dot-segment, its VPP chunk when a number ("" when none).
    static std::string chunk_of(const std::string& id) {
        const auto first = id.find('.');
        if (first == std::string::npos) return "";
        const auto second = id.find('.', first + 1);
        return id.substr(first + 1, second == std::string::npos ? std::string::npos : second - first - 1);
    }

    static bool is_number(const std::string& text) {
        return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
    }

    // `id` with its chunk number replaced; unchanged when it names no chunk.
    static std::string chunk_renamed(const std::string& id, const std::string& chunk) {
        const std::string current = chunk_of(id);
        if (!is_number(current)) return id;
        const auto first = id.find('.');
        return id.substr(0, first + 1) + chunk + id.substr(first + 1 + current.size());
    }

    void rename_module(GraphNode& node, const std::string& id) {
        const std::string old_id = node.id;
        main_.forget(old_id);
        main_.rename(node, id);
        rename_items(node, old_id);
    }

    // The children of a chunk-0 module, its own and the other chunks': layers
    // counted in pipeline order (backward from the end); the other chunks'
    // take chunk 0 and their count, and so do their module descendants.
    void renumber_chunk_layers(GraphNode& parent, bool forward) {
        std::vector<GraphNode*> layers = parent.children;
        if (!forward) std::reverse(layers.begin(), layers.end());
        int index = -1;
        for (GraphNode* node : layers) {
            std::smatch match;
            const bool numbered = std::regex_search(node->id, match, kLayers);
            if (numbered) ++index;
            if (chunk_of(node->id) == "0" || node->id.find('.') == std::string::npos) continue;
            std::string prefix;  // the renamed id up to its layer number
            std::string id;
            if (numbered) {
                prefix = chunk_renamed(node->id.substr(0, static_cast<std::size_t>(match.position(0))) +
                                           match[1].str() + std::to_string(index) + match[2].str(),
                                       "0");
                id = prefix + match.suffix().str();
            } else {
                id = chunk_renamed(node->id, "0");
            }
            rename_module(*node, id);
            std::vector<GraphNode*> stack(node->children.begin(), node->children.end());
            while (!stack.empty()) {
                GraphNode& child = *stack.back();
                stack.pop_back();
                if (child.kind != NodeKind::Module) continue;
                stack.insert(stack.end(), child.children.rbegin(), child.children.rend());
                std::smatch inner;
                // A descendant's own layer number follows its layer's, which it shares.
                if (!prefix.empty() && std::regex_search(child.id, inner, kLayers)) {
                    rename_module(child, prefix + inner.suffix().str());
                } else {
                    rename_module(child, chunk_renamed(child.id, "0"));
                }
            }
        }
    }

    std::pair<double, double> sort_key(const GraphNode& node, bool rank_ascending) const {
        std::smatch match;
        if (!std::regex_search(node.id, match, kMark)) {
            const double inf = std::numeric_limits<double>::infinity();
            return rank_ascending ? std::pair{inf, inf} : std::pair{-inf, -inf};
        }
        const double position = std::stod(match[1].str()), rank = std::stod(match[2].str());
        return {rank_ascending ? rank : -rank, position};
    }

    // Marks `start` and its descendants, each before its children (pre order).
    void mark(GraphNode& start, int rank) {
        for_each_pre_order(start, [&](GraphNode& node) {
            std::size_t position = 0;
            const auto& siblings = node.parent->children;
            for (std::size_t i = 0; i < siblings.size(); ++i) {
                if (siblings[i]->id == node.id) {
                    position = i;
                    break;
                }
            }
            node.id += fmt::format("%{}%{}", position, rank);
        });
    }

    void add_to_main(GraphNode& start) {
        for_each_pre_order(start, [&](GraphNode& node) {
            if (main_.find(node.id) != nullptr)
                log::warning(fmt::format("{} is exist!", node.id));
            else
                main_.index(node);
        });
    }

    // visit(node) for `start` and its descendants, a node before its children,
    // children in list order; an explicit stack, as a chain may be deep.
    template <typename Visit>
    static void for_each_pre_order(GraphNode& start, Visit visit) {
        std::vector<GraphNode*> stack{&start};
        while (!stack.empty()) {
            GraphNode& node = *stack.back();
            stack.pop_back();
            visit(node);
            stack.insert(stack.end(), node.children.rbegin(), node.children.rend());
        }
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
            mark(*n, n->rank);
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
    std::set<const GraphNode*> pp_split_;  // main nodes found split by PP
    std::unordered_map<const GraphNode*, int> pp_index_;
};

}  // namespace

void merge_pp_group(const std::vector<RankGraph>& group, int vpp) {
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
    merge.adopt_unique_root_children(others);
    if (vpp > 1) {
        merge.take_last_chunk_data(vpp);
        merge.move_chunks_into_chunk0(vpp);
    }
}

}  // namespace msprobe::graph
