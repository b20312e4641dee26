#pragma once
// Bench functions for the NPU backward operators an Aten-level dump records:
// Aten.npu_rms_norm_backward, matmul_backward,
// npu_fusion_attention_grad, ... Where the gradient follows from a forward
// golden implementation it is taken through autograd of that forward, so it
// is exactly the gradient of what the forward bench computes.
#include "run_ut/api_registry.hpp"

namespace msprobe::run_ut {

// Aten.<api_name> for each backward operator with a bench function.
void register_npu_backward_functions(ApiRegistry& registry);

}  // namespace msprobe::run_ut
