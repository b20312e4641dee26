#pragma once
// compare -da end to end (diff_analyze spec Part 1): per-rank first-diff
// compares (Stage A), then the analysis over their results (Stages B, C).
#include <filesystem>
#include <vector>

#include "common/thread_pool.hpp"
#include "compare/compare_options.hpp"

namespace msprobe::first_diff {

struct DiffAnalyzeSummary {
    std::vector<std::filesystem::path> written;  // per-rank results, then the analysis file if any
    bool found = false;                          // a first differing node was found
};

// Classifies the compare.json of options.input_path as compare does. Step
// directories: every rank pair is compared; two dump files: the pair is
// analysed as one rank; any other flavour is refused. All files appear
// together at the end, or none: any bad input throws msprobe::Error (exit 2)
// before a file is in place.
DiffAnalyzeSummary run_compare_diff_analyze(const compare::CompareOptions& options, ThreadPool& pool);

}  // namespace msprobe::first_diff
