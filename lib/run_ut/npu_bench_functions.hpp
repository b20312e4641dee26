#pragma once
// CPU golden implementations of torch_npu's fused operators:
// run_ut runs them on the raised bench inputs, and at the dumped dtypes as
// the emulated device of a statistics dump. The formulas are msprobe's
// except where docs/compatibility.md says why not.
#include "run_ut/api_registry.hpp"

namespace msprobe::run_ut {

// NPU.<api_name> for each fused operator with a bench function.
void register_npu_bench_functions(ApiRegistry& registry);

}  // namespace msprobe::run_ut
