#include "torchair_compare/fused_op_names.hpp"

namespace msprobe::torchair_compare {

std::optional<std::string> longest_graph_op(std::string_view name, const GeGraph& graph, const DumpedOp& dumped) {
    if (graph.contains(name)) return std::string(name);
    for (std::size_t length = name.size(); length-- > 1;) {
        const std::string_view prefix = name.substr(0, length);
        if (graph.contains(prefix)) return std::string(prefix);
        if (dumped(prefix)) return std::nullopt;
    }
    return std::nullopt;
}

std::vector<std::string> graph_ops_of(std::string_view fused_name, const GeGraph& graph, const DumpedOp& dumped) {
    std::vector<std::string> ops;
    while (!fused_name.empty()) {
        auto op = longest_graph_op(fused_name, graph, dumped);
        if (!op) break;
        fused_name.remove_prefix(op->size());
        ops.push_back(std::move(*op));
    }
    return ops;
}

}  // namespace msprobe::torchair_compare
