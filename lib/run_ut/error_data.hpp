#pragma once
// -save_error_data: the inputs, outputs and gradients of a
// failing API, kept by the run and written as torch.save files.
#include <ATen/core/ivalue.h>

#include <filesystem>
#include <string>
#include <vector>

#include "run_ut/py_value.hpp"

namespace msprobe::run_ut {

// What -save_error_data writes for a failing API.
struct ApiRunArtifacts {
    PyCall inputs;                            // the rebuilt arguments
    c10::IValue bench_out;
    c10::IValue device_out;                   // None when the dumped outputs were judged
    c10::IValue backward_input;               // the (raised) gradient fed to the bench backward
    std::vector<c10::IValue> bench_grads;
    std::vector<c10::IValue> device_grads;
};

// Writes the artifacts as torch.save files under `dir` (depth-first counter per group;
// keyword tensors continue the positional counter).
void save_error_data(const std::filesystem::path& dir, const std::string& full_name, const ApiRunArtifacts& artifacts);

}  // namespace msprobe::run_ut
