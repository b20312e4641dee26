#pragma once
// Runs a compare as msprobe does from a compare.json: one dump pair, or every
// rank of two step directories.
#include <filesystem>
#include <vector>

#include "compare/compare_options.hpp"
#include "compare/run_summary.hpp"

namespace msprobe::compare {

// Throws msprobe::Error (exit 2) on bad input; nothing is written for a
// pair that fails.
CompareSummary run_compare(const CompareOptions& options);

}  // namespace msprobe::compare
