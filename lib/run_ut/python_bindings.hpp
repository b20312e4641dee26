#pragma once
// What torch's generated Python bindings do before ATen for Tensor.* and
// torch.*: dunder methods and dtype casts onto operators,
// torch.split's two overloads, varargs packed into one list argument
// (einsum, block_diag, ...), and the names libtorch 1.13 cannot run.
#include "run_ut/api_registry.hpp"

namespace msprobe::run_ut {

void register_python_bindings(ApiRegistry& registry);

}  // namespace msprobe::run_ut
