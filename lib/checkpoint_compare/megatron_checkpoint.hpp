#pragma once
// The weights of a Megatron-LM checkpoint folder as one model: the iteration
// folder found (latest_checkpointed_iteration.txt or an iter_NNNNNNN path),
// the parallel sizes read from the saved args, every rank's
// model_optim_rng.pt read, names mapped to Megatron-core's, tensor-parallel
// shards joined, pipeline (and virtual pipeline) layer numbers and expert
// numbers made global, every value in float32 (torch's tensor.float()).
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace msprobe::checkpoint_compare {

struct Weight {
    std::vector<std::int64_t> shape;
    std::vector<float> values;  // row-major
};

using Weights = std::map<std::string, Weight>;

// The folder of the iteration a checkpoint path names. Throws msprobe::Error
// (exit 1) naming the tracker file or the folder that is not there.
std::filesystem::path megatron_iteration_dir(const std::filesystem::path& checkpoint);

struct ParallelSizes {
    std::int64_t tensor = 1;
    std::int64_t pipeline = 1;
    std::int64_t expert = 1;
    std::int64_t experts = 0;  // args.num_experts; 0 when None
};

// The folder of one rank's file: mp_rank_TT[_PPP][_EEE].
std::string megatron_rank_dir(std::int64_t tensor_rank, std::int64_t pipeline_rank, std::int64_t expert_rank,
                              const ParallelSizes& sizes);

// A parameter name as Megatron-core with its local transformer names it
// (msprobe's name_mapping.yaml, applied in its order).
std::string mcore_local_name(std::string name);

// The whole checkpoint. Throws msprobe::Error (exit 1) naming the file that is
// missing or unreadable, or the parameter whose shards do not fit together.
Weights load_megatron_weights(const std::filesystem::path& checkpoint);

}  // namespace msprobe::checkpoint_compare
