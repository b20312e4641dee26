#pragma once
// Runs a compare as msprobe does from a compare.json: one dump pair, or every
// rank of two step directories.
#include <filesystem>
#include <vector>

#include "compare/compare_options.hpp"

namespace msprobe::compare {

struct CompareSummary {
    std::vector<std::filesystem::path> written;  // result books and advisor files
    std::size_t rows = 0;                        // result rows over all ranks
    std::size_t failing_rows = 0;                // rows failing their mode's criterion
    std::size_t failed_ranks = 0;                // ranks skipped because their dumps were unusable
};

// Throws msprobe::Error (exit 2) on bad input; nothing is written for a
// pair that fails.
CompareSummary run_compare(const CompareOptions& options);

}  // namespace msprobe::compare
