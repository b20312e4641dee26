#pragma once
// torch.nn.functional functions that torch 1.13 writes in Python as several
// ATen calls: local_response_norm, lp_pool1d/2d,
// gaussian_nll_loss, multilabel_soft_margin_loss,
// triplet_margin_with_distance_loss and max_unpool1d/2d/3d, composed here
// the same way.
#include "run_ut/api_registry.hpp"

namespace msprobe::run_ut {

void register_composite_functionals(ApiRegistry& registry);

}  // namespace msprobe::run_ut
