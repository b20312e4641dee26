#pragma once
// graph_visualize confirms a recomputed layer by its call stack: a layer run
// again during backward was called from PyTorch's checkpoint machinery.
#include <string>
#include <vector>

namespace msprobe::graph {

// Whether stack.json's frames ("File <path>, line <n>, in <function>, ...")
// show a recomputation: a recompute_fn frame in torch/utils/checkpoint.py, or
// a backward frame (or Megatron's checkpoint_function_backward) with a frame
// of torch/autograd/function.py one or two frames further on. Frames that do
// not parse are left out before counting. No frames: false.
bool stack_shows_recompute(const std::vector<std::string>* frames);

}  // namespace msprobe::graph
