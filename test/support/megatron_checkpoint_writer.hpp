#pragma once
// Megatron-LM checkpoints for the checkpoint compare's tests: torch.save'd
// model_optim_rng.pt files holding what Megatron saves beside the model (an
// argparse.Namespace of args, RNG states with NumPy arrays, an optimizer
// scheduler, extra states of other classes) and the model's state dict, an
// OrderedDict with _metadata, in the folder layout Megatron writes.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "tensor/tensor_view.hpp"

namespace msprobe::testing {

struct MegatronTensor {
    std::string name;  // dotted, as in the state dict
    std::vector<std::int64_t> shape;
    std::vector<float> values;                     // row-major
    tensor::DType dtype = tensor::DType::Float32;  // Float32, BFloat16 (rounded to nearest even) or Float64
};

struct MegatronRank {
    std::int64_t tensor_parallel = 1;
    std::int64_t pipeline_parallel = 1;
    std::int64_t expert_parallel = 1;
    std::optional<std::int64_t> experts;  // args.num_experts; None when absent
    // One chunk is saved as "model"; more (virtual pipeline stages) as "model0", "model1", ...
    std::vector<std::vector<MegatronTensor>> chunks;
    bool nest_legacy_names = false;  // the first chunk as {"language_model": {"encoder": {...}}} (legacy Megatron)
};

// The bytes of one rank's model_optim_rng.pt.
std::string megatron_rank_file_bytes(const MegatronRank& rank);

// <dir>/mp_rank_..../model_optim_rng.pt of the given ranks; the caller writes the tracker file.
void write_megatron_rank_file(const std::filesystem::path& iteration_dir, std::int64_t tensor_rank,
                              std::int64_t pipeline_rank, std::int64_t expert_rank, const MegatronRank& rank);

}  // namespace msprobe::testing
