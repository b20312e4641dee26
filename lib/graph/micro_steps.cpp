#include "graph/micro_steps.hpp"

#include <cctype>

namespace msprobe::graph {

namespace {

// Every node without a micro step takes its parent's (the root keeps none).
void propagate_down(GraphNode& node) {
    for (GraphNode* child : node.children) {
        if (child == &node) continue;
        if (!child->micro_step && node.micro_step) child->micro_step = node.micro_step;
        propagate_down(*child);
    }
}

std::optional<int> trailing_number(const std::string& id) {
    const auto dot = id.rfind('.');
    const std::string last = dot == std::string::npos ? id : id.substr(dot + 1);
    if (last.empty() || last.size() > 9) return std::nullopt;
    for (const char c : last) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    }
    return std::stoi(last);
}

}  // namespace

void assign_micro_steps(ModelGraph& graph, std::optional<int> megatron_micro_steps) {
    if (megatron_micro_steps) {
        graph.micro_steps = *megatron_micro_steps + 1;
        return;
    }
    int batch = 0;
    bool seen_backward = false;
    for (GraphNode* child : graph.root().children) {
        if (child->kind == NodeKind::Module) {
            if (child->id.find(".forward.") != std::string::npos) {
                if (seen_backward) {
                    ++batch;
                    seen_backward = false;
                }
            } else {
                seen_backward = true;
            }
        }
        child->micro_step = batch;
    }
    propagate_down(graph.root());
    graph.micro_steps = batch + 1;
}

void assign_bench_micro_steps(const ModelGraph& npu, ModelGraph& bench, std::optional<int> megatron_micro_steps) {
    if (megatron_micro_steps) return;
    for (const GraphNode* child : npu.root().children) {
        if (!child->matched()) continue;
        if (GraphNode* partner = bench.find(child->matched_link.back())) partner->micro_step = child->micro_step;
    }
    for (GraphNode* child : bench.root().children) {
        if (!child->micro_step) child->micro_step = trailing_number(child->id).value_or(0);
    }
    propagate_down(bench.root());
}

}  // namespace msprobe::graph
