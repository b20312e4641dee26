#pragma once
// torch.nn.functional's resampling wrappers: interpolate
// and its upsample* aliases (mode and input rank select the ATen kernel),
// grid_sample, affine_grid, and unfold/fold (im2col/col2im).
#include "run_ut/api_registry.hpp"

namespace msprobe::run_ut {

void register_resampling_wrappers(ApiRegistry& registry);

}  // namespace msprobe::run_ut
