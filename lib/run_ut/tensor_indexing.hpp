#pragma once
// Python indexing of a tensor, `x[index]` and `x[index] = value`
// (Tensor.__getitem__ / Tensor.__setitem__, spec run_ut §6.5): the rebuilt
// index record (int, bool, slice, None, Ellipsis, tensor, or a tuple of
// these) becomes libtorch's at::indexing::TensorIndex list, which follows
// Python's indexing rules.
#include <ATen/core/ivalue.h>

#include "run_ut/py_value.hpp"

namespace msprobe::run_ut {

// (self, index) -> self[index].
c10::IValue tensor_getitem(const PyCall& call);

// (self, index, value): self[index] = value in place; returns None, as Python does.
c10::IValue tensor_setitem(const PyCall& call);

}  // namespace msprobe::run_ut
