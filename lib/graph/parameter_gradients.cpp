#include "graph/parameter_gradients.hpp"

#include <unordered_map>

#include "graph/backward_names.hpp"

namespace msprobe::graph {

void add_parameter_gradients(ModelGraph& graph, RankFolder& folder) {
    // Module prefix → its backward node with the largest call count.
    std::unordered_map<std::string, std::pair<long long, GraphNode*>> last_backward;
    for (const auto& node : graph.nodes()) {
        const auto count = module_backward_count(node->id);
        if (!count || count->size() > 18) continue;
        const long long n = std::stoll(*count);
        const std::string prefix =
            node->id.substr(0, node->id.size() - count->size() - std::string(".backward.").size());
        auto [it, added] = last_backward.try_emplace(prefix, n, node.get());
        if (!added && n > it->second.first) it->second = {n, node.get()};
    }
    for (std::size_t position = 0; position < folder.entries.size(); ++position) {
        const std::string key(folder.entries.name(position));
        if (graph.find(key) != nullptr) continue;
        const auto at = parameters_grad_at(key);
        if (!at) continue;
        const auto owner = last_backward.find(key.substr(0, *at));
        if (owner == last_backward.end()) continue;
        std::unique_ptr<GraphNode> dumped = folder.entries.take(position, folder.header.path);
        if (!dumped) continue;  // a node already, since renamed
        GraphNode& node = graph.adopt(std::move(dumped), NodeKind::Module);
        attach(node, *owner->second.second);
    }
}

}  // namespace msprobe::graph
