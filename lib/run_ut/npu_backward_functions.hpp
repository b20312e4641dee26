#pragma once
// Bench functions for the NPU backward operators an Aten-level dump records
// (spec run_ut §6.6, §7): Aten.npu_rms_norm_backward, matmul_backward,
// npu_fusion_attention_grad, ... Where the gradient follows from a forward
// golden implementation it is taken through autograd of that forward, so it
// is exactly the gradient of what the forward bench computes.
#include <ATen/core/ivalue.h>

#include <optional>
#include <string>

#include "run_ut/py_value.hpp"

namespace msprobe::run_ut {

// The result of Aten.<api_name> for a registered backward bench function, or nullopt for any other name.
std::optional<c10::IValue> npu_backward_function(const std::string& api_name, const PyCall& call);

}  // namespace msprobe::run_ut
