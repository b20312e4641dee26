#pragma once
// L0 tensor dumps of module records, the shape of a verl run's training or
// inference dump: each record a module's forward (inputs, outputs, parameters)
// or backward, in call order, its tensors written beside the dump.json as .pt files.
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "support/synthetic_tensor.hpp"

namespace msprobe::testing {

struct ModuleRecord {
    std::string name;  // "Module.model.layers.0.self_attn.qkv_proj.QKVParallelLinear.forward.0"
    std::vector<SyntheticTensor> inputs;
    std::vector<SyntheticTensor> outputs;
    std::vector<std::pair<std::string, SyntheticTensor>> parameters;  // forward records only
    bool backward = false;
};

// A float32 tensor of `shape` holding `values` (row-major).
SyntheticTensor float_tensor(std::vector<std::int64_t> shape, std::vector<float> values);

// `count` float32 values start, start + step, ...
std::vector<float> float_ramp(std::size_t count, float start, float step);

// <dir>/dump.json (task tensor, level L0) with `records` in order, and dump_tensor_data/; returns the json's path.
std::filesystem::path write_module_tensor_dump(const std::filesystem::path& dir,
                                               const std::vector<ModuleRecord>& records);

}  // namespace msprobe::testing
