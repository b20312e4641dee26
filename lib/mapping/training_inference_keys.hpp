#pragma once
// The keys that pair a training dump (FSDP or Megatron modules, L0) with an
// inference dump of the same model (vLLM's modules): a row is known by its call
// direction, its suffix (".input.0", ".parameters.weight", ...), its decoder
// layer number and its module name mapped through the backend's table of
// module names, so that q_proj, k_proj and v_proj of a training layer all meet
// the inference layer's qkv_proj.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "dump/dump_file.hpp"

namespace msprobe::mapping {

// The training framework whose module names the training dump carries.
enum class TrainingBackend { Fsdp, Megatron };

struct TrainingInferenceKey {
    std::string call_direction;  // "forward.0", "0.forward", "parameters_grad"
    std::string suffix;          // the row's name past its entry's name
    std::int64_t layer = -1;     // N of the first "layers.N", -1 outside the decoder layers
    std::string module;          // the module name, mapped through the backend's table

    bool operator==(const TrainingInferenceKey&) const = default;
};

// The rows taking part and their keys, in dump order.
struct KeyedRows {
    std::vector<std::size_t> rows;
    std::vector<TrainingInferenceKey> keys;
};

struct TrainingKeyOptions {
    TrainingBackend backend = TrainingBackend::Fsdp;
    // msprobe stops reading the training dump at an entry name of fewer than three
    // parts until the next embedding's forward; we skip that entry alone.
    bool strict_compat = false;
};

// The training dump's rows: those of the forward passes only (reading stops at the
// model's backward entry and resumes at the embedding's forward), forward call
// numbers counted again from 0 per module.
KeyedRows training_row_keys(const dump::DumpFile& training, const TrainingKeyOptions& options);

// The inference dump's rows, every entry with a call direction.
KeyedRows inference_row_keys(const dump::DumpFile& inference, TrainingBackend backend);

// The training module name of the backend's table that stands for `module`, or `module` itself.
std::string_view mapped_module_name(TrainingBackend backend, std::string_view module);

}  // namespace msprobe::mapping
