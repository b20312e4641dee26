#pragma once
// torch.* / Tensor.* functions whose Python wrappers rework their arguments
// before one ATen call (spec run_ut §6.5): norm (p "fro"/"nuc"/number, dims),
// tensordot (dims as a count or two lists), cdist (compute_mode names) and
// unique (which of output/inverse/counts to return), stft (centre padding) and
// lu (infos only when asked for).
#include <ATen/core/ivalue.h>

#include <optional>
#include <string>

#include "run_ut/py_value.hpp"

namespace msprobe::run_ut {

// The call's result, or nullopt when `name` is not one of these wrappers. `method`: called as Tensor.<name>.
std::optional<c10::IValue> torch_wrapper(const std::string& name, const PyCall& call, bool method);

}  // namespace msprobe::run_ut
