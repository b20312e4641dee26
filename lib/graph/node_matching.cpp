#include "graph/node_matching.hpp"

#include <deque>
#include <regex>
#include <unordered_map>

#include "graph/ancestor_paths.hpp"

namespace msprobe::graph {

namespace {

bool same_types_and_shapes(const std::vector<PortItem>& a, const std::vector<PortItem>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::string_view(a[i].type) != std::string_view(b[i].type)) return false;
        if (std::string_view(a[i].row().shape()) != std::string_view(b[i].row().shape())) return false;
    }
    return true;
}

// Fuzzy matching compares shapes over the shorter map only.
bool same_leading_shapes(const std::vector<PortItem>& a, const std::vector<PortItem>& b) {
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (std::string_view(a[i].row().shape()) != std::string_view(b[i].row().shape())) return false;
    }
    return true;
}

void link(GraphNode& npu, GraphNode& bench, std::vector<NodePair>& pairs) {
    npu.partner = &bench;
    bench.partner = &npu;
    pairs.emplace_back(&npu, &bench);
}

// Breadth first over the NPU tree, root first.
template <typename Visit>
void breadth_first(ModelGraph& graph, Visit visit) {
    std::deque<GraphNode*> queue{&graph.root()};
    while (!queue.empty()) {
        GraphNode* node = queue.front();
        queue.pop_front();
        visit(*node);
        queue.insert(queue.end(), node->children.begin(), node->children.end());
    }
}

// Direct API children keyed by their counter-free name and occurrence:
// Tensor.__mul__.3.forward → Tensor.__mul__.forward<k>.
std::vector<std::pair<std::string, GraphNode*>> recounted_apis(const GraphNode& node) {
    static const std::regex counter(R"(\.\d+\.)");
    static const std::regex rank_suffix(R"(_rank\d+)");
    std::vector<std::pair<std::string, GraphNode*>> keyed;
    std::unordered_map<std::string, int> seen;
    for (GraphNode* child : node.children) {
        if (child->kind != NodeKind::Api) continue;
        const std::string plain = std::regex_replace(std::regex_replace(child->id, counter, "."), rank_suffix, "");
        keyed.emplace_back(plain + std::to_string(++seen[plain]), child);
    }
    return keyed;
}

}  // namespace

std::vector<NodePair> match_nodes(ModelGraph& npu, ModelGraph& bench, MatchKind kind,
                                  const std::unordered_map<std::string, std::string>& layer_map, bool check_shapes) {
    std::vector<NodePair> pairs;
    if (kind == MatchKind::Default) {
        AncestorPaths paths;
        breadth_first(npu, [&](GraphNode& n) {
            GraphNode* b = bench.find(n.id);
            if (b == nullptr) return;
            if (check_shapes &&
                (!same_types_and_shapes(n.inputs, b->inputs) || !same_types_and_shapes(n.outputs, b->outputs))) {
                return;
            }
            if (!paths.same_ancestors(n, *b)) return;
            link(n, *b, pairs);
        });
    } else if (kind == MatchKind::LayerMapping) {
        breadth_first(npu, [&](GraphNode& n) {
            const auto mapped = layer_map.find(n.id);
            GraphNode* b = bench.find(mapped == layer_map.end() ? n.id : mapped->second);
            if (b != nullptr) link(n, *b, pairs);
        });
    } else {
        auto fuzzy_partner = [check_shapes](const GraphNode& n, GraphNode* b) {
            if (b == nullptr || !check_shapes) return b != nullptr;
            return same_leading_shapes(n.inputs, b->inputs) && same_leading_shapes(n.outputs, b->outputs);
        };
        breadth_first(npu, [&](GraphNode& n) {
            if (n.kind == NodeKind::Api) return;
            GraphNode* b = bench.find(n.id);
            if (!fuzzy_partner(n, b)) return;
            link(n, *b, pairs);
            std::unordered_map<std::string, GraphNode*> bench_apis;
            for (const auto& [key, api] : recounted_apis(*b)) bench_apis.emplace(key, api);
            for (const auto& [key, api] : recounted_apis(n)) {
                const auto partner = bench_apis.find(key);
                if (partner != bench_apis.end() && fuzzy_partner(*api, partner->second))
                    link(*api, *partner->second, pairs);
            }
        });
    }
    return pairs;
}

}  // namespace msprobe::graph
