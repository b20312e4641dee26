#pragma once
// Python indexing of a tensor, `x[index]` and `x[index] = value`
// (Tensor.__getitem__ / Tensor.__setitem__): the rebuilt
// index record (int, bool, slice, None, Ellipsis, tensor, or a tuple of
// these) becomes libtorch's at::indexing::TensorIndex list, which follows
// Python's indexing rules.
#include "run_ut/api_registry.hpp"

namespace msprobe::run_ut {

// Tensor.__getitem__: (self, index) -> self[index]. Tensor.__setitem__: (self, index, value) sets
// self[index] = value in place and returns None, as Python does.
void register_tensor_indexing(ApiRegistry& registry);

}  // namespace msprobe::run_ut
