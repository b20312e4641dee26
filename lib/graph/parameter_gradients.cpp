#include "graph/parameter_gradients.hpp"

#include <cctype>
#include <unordered_map>

#include <rapidjson/document.h>

#include "graph/backward_names.hpp"

namespace msprobe::graph {

namespace {

// "<prefix>.parameters_grad" or "<prefix>.parameters_grad.<n>" → the position of ".parameters_grad".
std::optional<std::size_t> parameters_grad_at(const std::string& key) {
    static const std::string kMarker = ".parameters_grad";
    const auto at = key.rfind(kMarker);
    if (at == std::string::npos) return std::nullopt;
    const std::string rest = key.substr(at + kMarker.size());
    if (rest.empty()) return at;
    if (rest.size() < 2 || rest[0] != '.') return std::nullopt;
    for (std::size_t i = 1; i < rest.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(rest[i]))) return std::nullopt;
    }
    return at;
}

}  // namespace

void add_parameter_gradients(ModelGraph& graph, const rapidjson::Value& data, const std::string& file) {
    // Module prefix → its backward node with the largest call count.
    std::unordered_map<std::string, std::pair<long long, GraphNode*>> last_backward;
    for (const auto& node : graph.nodes()) {
        const auto count = module_backward_count(node->id);
        if (!count || count->size() > 18) continue;
        const long long n = std::stoll(*count);
        const std::string prefix = node->id.substr(0, node->id.size() - count->size() - std::string(".backward.").size());
        auto [it, added] = last_backward.try_emplace(prefix, n, node.get());
        if (!added && n > it->second.first) it->second = {n, node.get()};
    }
    for (const auto& m : data.GetObject()) {
        std::string key(m.name.GetString(), m.name.GetStringLength());
        if (graph.find(key) != nullptr) continue;
        const auto at = parameters_grad_at(key);
        if (!at) continue;
        const auto owner = last_backward.find(key.substr(0, *at));
        if (owner == last_backward.end()) continue;
        GraphNode& node = graph.add(key, NodeKind::Module);
        node.has_record = true;
        record_port_items(key, m.value, file, false, node.inputs, node.inputs);
        attach(node, *owner->second.second);
    }
}

}  // namespace msprobe::graph
