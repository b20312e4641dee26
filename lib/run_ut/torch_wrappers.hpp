#pragma once
// torch.* / Tensor.* functions whose Python wrappers rework their arguments
// before one ATen call: norm (p "fro"/"nuc"/number, dims),
// tensordot (dims as a count or two lists), cdist (compute_mode names) and
// unique (which of output/inverse/counts to return), stft (centre padding) and
// lu (infos only when asked for).
#include "run_ut/api_registry.hpp"

namespace msprobe::run_ut {

// Torch.<name> and, where Tensor has the method, Tensor.<name> (without torch's `out`).
void register_torch_wrappers(ApiRegistry& registry);

}  // namespace msprobe::run_ut
