#pragma once
// The rows of a training-vs-inference compare: training and inference rows
// joined on their keys (mapping/training_inference_keys.hpp, a full outer join),
// the rows one module of the other side fuses gathered into one row (FSDP: the
// training rows of one inference row; Megatron: the inference rows of one training
// row), then ordered so that both dumps' orders hold.
#include <cstddef>
#include <vector>

#include "dump/dump_file.hpp"
#include "mapping/training_inference_keys.hpp"

namespace msprobe::compare {

// One result row: dump row indices of each side, in dump order; one side may be empty (unmatched).
struct FusedRow {
    std::vector<std::size_t> training;
    std::vector<std::size_t> inference;

    bool operator==(const FusedRow&) const = default;
};

struct FusedMatchOptions {
    mapping::TrainingBackend backend = mapping::TrainingBackend::Fsdp;
    // Rows whose order the two dumps disagree on: msprobe stops the run; we keep
    // the training order for them.
    bool strict_compat = false;
};

std::vector<FusedRow> training_inference_rows(const dump::DumpFile& training, const dump::DumpFile& inference,
                                              const FusedMatchOptions& options);

// Orders rows by two positions (npos: none) so that each rises wherever it is
// given; where they cannot both rise the first wins (strict_compat: Error).
// Exposed for its test; `first` and `second` are parallel to the rows.
std::vector<std::size_t> dual_monotonic_order(const std::vector<std::size_t>& first,
                                              const std::vector<std::size_t>& second, bool strict_compat);

}  // namespace msprobe::compare
