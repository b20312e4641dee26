#pragma once
// The end-of-run screen of diff_analyze: per rank, the first differing API
// and the line of the model's code that called it, or that the rank agrees
// with the bench; then the files written. Read back from the analysis file,
// so the screen says what the file says.
#include <optional>
#include <string>
#include <vector>

#include "first_diff/diff_analyze_job.hpp"

namespace msprobe::first_diff {

struct RankVerdict {
    std::string rank_name;                 // "rank", "rank1"
    std::optional<std::string> first_api;  // the rank's first differing node; none: no difference
    std::string stack_frame;               // the model's frame of its stack, or empty
};

// One verdict per analysed rank, in rank order. Throws msprobe::Error when
// the analysis file cannot be read back.
std::vector<RankVerdict> rank_verdicts(const DiffAnalyzeSummary& summary);

std::string diff_screen_text(const std::vector<RankVerdict>& verdicts, const DiffAnalyzeSummary& summary);

}  // namespace msprobe::first_diff
