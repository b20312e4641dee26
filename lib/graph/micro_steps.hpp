#pragma once
// Micro steps: each complete top-level forward+backward pass is one batch;
// tb-graph-ascend lets the user view one batch at a time.
#include "graph/model_graph.hpp"

namespace msprobe::graph {

// Build (and the NPU side of a compare): batches the root's children, sets
// graph.micro_steps and propagates each batch number down the tree. A
// Megatron construct.json already numbered the nodes: micro_steps = its
// megatron_micro_step_number + 1, as msprobe exports it.
void assign_micro_steps(ModelGraph& graph, std::optional<int> megatron_micro_steps);

// The Bench side of a compare: each matched NPU root child gives its batch to
// its partner; an unmatched Bench root child keeps the batch of its own
// graph. With `strict_compat` it takes its id's last segment when that is a
// number, else 0, as msprobe does (an unmatched Module.x.forward.3 lands in micro step 3).
void assign_bench_micro_steps(const ModelGraph& npu, ModelGraph& bench, std::optional<int> megatron_micro_steps,
                              bool strict_compat);

}  // namespace msprobe::graph
