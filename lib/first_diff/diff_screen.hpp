#pragma once
// The run summary of diff_analyze: per rank, the first differing API or that
// the rank agrees with the bench, the first difference with the line of the
// model's code that called it, then the files written. Read back from the
// analysis file, so the summary says what the file says.
#include <optional>
#include <string>
#include <vector>

#include "common/run_summary.hpp"
#include "first_diff/diff_analyze_job.hpp"

namespace msprobe::first_diff {

struct RankVerdict {
    std::string rank_name;                 // "rank", "rank1"; "step0/rank1" for the steps of dump roots
    std::optional<std::string> first_api;  // the rank's first differing node; none: no difference
    std::string stack_frame;               // the model's frame of its stack, or empty
};

// One verdict per analysed rank, in step and rank order. Throws
// msprobe::Error when an analysis file cannot be read back.
std::vector<RankVerdict> rank_verdicts(const std::vector<DiffAnalyzeSummary>& steps);

RunSummary diff_run_summary(const std::vector<RankVerdict>& verdicts, const std::vector<DiffAnalyzeSummary>& steps);

}  // namespace msprobe::first_diff
