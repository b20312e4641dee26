#pragma once
// torch.nn.functional functions whose Python wrappers rework their arguments
// before one ATen call: inplace activation flags, implicit
// softmax dims, dropout variants, loss reductions, norms with cudnn_enabled,
// pooling with indices, embedding(_bag), ctc_loss; and the functions run_ut
// refuses (random draws, APIs libtorch 1.13 lacks).
#include "run_ut/api_registry.hpp"

namespace msprobe::run_ut {

void register_functional_wrappers(ApiRegistry& registry);

}  // namespace msprobe::run_ut
