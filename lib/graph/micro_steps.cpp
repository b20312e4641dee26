#include "graph/micro_steps.hpp"

#include <cctype>

namespace msprobe::graph {

namespace {

// Every node without a micro step takes its parent's (the root keeps none).
// An explicit stack: a module chain may be deeper than the call stack.
void propagate_down(GraphNode& root) {
    std::vector<GraphNode*> stack{&root};
    while (!stack.empty()) {
        GraphNode& node = *stack.back();
        stack.pop_back();
        for (GraphNode* child : node.children) {
            if (child == &node) continue;
            if (!child->micro_step && node.micro_step) child->micro_step = node.micro_step;
            stack.push_back(child);
        }
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

// The batch of each root child: a top-level forward module after a backward one opens the next batch.
std::vector<int> root_batches(const GraphNode& root) {
    std::vector<int> batches;
    int batch = 0;
    bool seen_backward = false;
    for (const GraphNode* child : root.children) {
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
        batches.push_back(batch);
    }
    return batches;
}

}  // namespace

void assign_micro_steps(ModelGraph& graph, std::optional<int> megatron_micro_steps) {
    if (megatron_micro_steps) {
        graph.micro_steps = *megatron_micro_steps + 1;
        return;
    }
    const std::vector<int> batches = root_batches(graph.root());
    for (std::size_t i = 0; i < batches.size(); ++i) graph.root().children[i]->micro_step = batches[i];
    propagate_down(graph.root());
    graph.micro_steps = batches.empty() ? 1 : batches.back() + 1;
}

void assign_bench_micro_steps(const ModelGraph& npu, ModelGraph& bench, std::optional<int> megatron_micro_steps,
                              bool strict_compat) {
    if (megatron_micro_steps) return;
    for (const GraphNode* child : npu.root().children) {
        if (!child->matched()) continue;
        if (GraphNode* partner = bench.find(child->partner->id)) partner->micro_step = child->micro_step;
    }
    const std::vector<int> own = root_batches(bench.root());
    for (std::size_t i = 0; i < own.size(); ++i) {
        GraphNode* child = bench.root().children[i];
        if (child->micro_step) continue;
        child->micro_step = strict_compat ? trailing_number(child->id).value_or(0) : own[i];
    }
    propagate_down(bench.root());
}

}  // namespace msprobe::graph
