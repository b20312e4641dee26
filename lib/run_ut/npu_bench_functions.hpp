#pragma once
// CPU golden implementations of torch_npu's fused operators (spec run_ut §7):
// run_ut runs them on the raised bench inputs, and at the dumped dtypes as
// the emulated device of a statistics dump. The formulas are msprobe's
// except where docs/compatibility.md says why not.
#include <ATen/core/ivalue.h>

#include <optional>
#include <string>

#include "run_ut/py_value.hpp"

namespace msprobe::run_ut {

// The result of NPU.<api_name>, or nullopt when no bench function exists for it.
std::optional<c10::IValue> npu_bench_function(const std::string& api_name, const PyCall& call);

bool has_npu_bench_function(const std::string& api_name);

}  // namespace msprobe::run_ut
