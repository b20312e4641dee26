#pragma once
// torch.nn.functional's resampling wrappers (spec run_ut §6.5): interpolate
// and its upsample* aliases (mode and input rank select the ATen kernel),
// grid_sample, affine_grid, and unfold/fold (im2col/col2im).
#include <ATen/core/ivalue.h>

#include <optional>
#include <string>

#include "run_ut/py_value.hpp"

namespace msprobe::run_ut {

// The call's result, or nullopt when `name` is not one of these wrappers.
std::optional<c10::IValue> resampling_functional(const std::string& name, const PyCall& call);

}  // namespace msprobe::run_ut
