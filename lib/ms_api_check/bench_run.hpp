#pragma once
// The bench side of msprobe's MindSpore checker (api_runner.py, platform "pytorch"): the torch API a MindSpore
// API maps to (mint.X -> torch.X, mint.nn.functional.X -> torch.nn.functional.X, Tensor.X -> torch.Tensor.X),
// run through libtorch on the CPU at the recorded dtypes: no raised precision, no device.
#include <string>
#include <vector>

#include "ms_api_check/checked_value.hpp"
#include "run_ut/py_value.hpp"

namespace msprobe::ms_api_check {

// The family of msprobe's own fusion benches (api_runner.py's FUSION_API), not run_ut's executor.
inline constexpr const char* kFusionFamily = "FUSION";

struct BenchCall {
    std::string family;    // run_ut's executor family: "Torch", "Functional" or "Tensor"; or kFusionFamily
    std::string api_name;  // "relu"
    run_ut::PyCall call;   // positional arguments, then keywords
};

// The forward outputs: a tuple or list result as its elements (utils.convert_to_tuple), anything else alone.
std::vector<CheckedValue> bench_forward(const BenchCall& bench);

// ApiRunner.run_api's torch backward: every floating tensor among the positional arguments requires grad (a
// leaf, as msprobe makes it), the forward runs again, each output's backward is seeded with its recorded
// gradient in turn, and the gradients of those arguments come back in argument order (None where none reached).
std::vector<CheckedValue> bench_backward(const BenchCall& bench, const std::vector<run_ut::PyValue>& gradients);

// A torch value as the checker compares it (ComputeElement(parameter=...)).
CheckedValue checked_value_of(const c10::IValue& value);

}  // namespace msprobe::ms_api_check
