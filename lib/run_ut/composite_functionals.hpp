#pragma once
// torch.nn.functional functions that torch 1.13 writes in Python as several
// ATen calls (spec run_ut §6.5): local_response_norm, lp_pool1d/2d,
// gaussian_nll_loss, multilabel_soft_margin_loss,
// triplet_margin_with_distance_loss and max_unpool1d/2d/3d, composed here
// the same way.
#include <ATen/core/ivalue.h>

#include <optional>
#include <string>

#include "run_ut/py_value.hpp"

namespace msprobe::run_ut {

// The call's result, or nullopt when `name` is not one of these functions.
std::optional<c10::IValue> composite_functional(const std::string& name, const PyCall& call);

}  // namespace msprobe::run_ut
