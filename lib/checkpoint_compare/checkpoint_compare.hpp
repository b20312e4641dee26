#pragma once
// config_check's checkpoint compare: two Megatron-LM checkpoints weight by
// weight into one JSON file, {name: {"l2", "cos", "numel", "shape"}} for the
// names both hold, laid out as Python's json.dump(indent=4) writes it.
#include <cstddef>
#include <filesystem>
#include <string>

#include "checkpoint_compare/megatron_checkpoint.hpp"

namespace msprobe::checkpoint_compare {

struct CheckpointCompareRequest {
    std::filesystem::path bench;   // first checkpoint folder
    std::filesystem::path cmp;     // second
    std::filesystem::path output;  // the JSON file; must not exist
};

struct CheckpointCompareOutcome {
    std::size_t compared = 0;
    std::size_t only_in_bench = 0;
    std::size_t only_in_cmp = 0;
    std::filesystem::path written;
};

// Throws msprobe::Error (exit 1) naming the folder, file or output at fault;
// nothing is written then.
CheckpointCompareOutcome compare_checkpoints(const CheckpointCompareRequest& request);

// The JSON text of the comparison, names in sorted order.
std::string similarity_json(const Weights& bench, const Weights& cmp);

}  // namespace msprobe::checkpoint_compare
