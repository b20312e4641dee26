#include "graph/parameter_gradients.hpp"

#include <unordered_map>

#include "common/error.hpp"
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
    for (std::size_t position = 0; position < folder.records.size(); ++position) {
        const std::string key(folder.records.name(position));
        if (graph.find(key) != nullptr) continue;
        const auto at = parameters_grad_at(key);
        if (!at) continue;
        const auto owner = last_backward.find(key.substr(0, *at));
        if (owner == last_backward.end()) continue;
        DumpRecord& record = folder.records.record(position);
        if (record.error) throw Error(folder.header.path, *record.error);
        GraphNode& node = graph.add(key, NodeKind::Module);
        node.has_record = true;
        node.inputs = std::move(record.inputs);
        attach(node, *owner->second.second);
    }
}

}  // namespace msprobe::graph
