#pragma once
// Tensor mode's computed cells of every matched row (atb_data_compare.py:
// cal_comparison_metrics_by_tensor): both tensor files read, each side's
// statistics, and the pair's six metrics when both files are readable.
#include <array>
#include <string>
#include <vector>

#include "atb_compare/matched_rows.hpp"
#include "common/thread_pool.hpp"

namespace msprobe::atb {

// Where msprobe writes "N/A" cells or stops with a traceback, and what we do instead.
struct TensorRules {
    // A damaged tensor file (atb_tensor_file.hpp) ends the run with an
    // msprobe::Error naming it, the first in row order; false: its cells read
    // "N/A" as in msprobe (docs/compatibility.md row 210).
    bool refuse_damaged_files = true;
    // A pair of 0-d tensors (files without dims) is compared as the real-data
    // kernel compares 0-d tensors; false: the run ends as msprobe's does, on
    // its TypeError (row 211).
    bool compare_zero_dim_pairs = true;
};

struct TensorModeCells {
    std::array<std::string, 6> metrics;            // Cosine ... Five Thousandth Err Ratio
    std::array<std::string, 4> target_statistics;  // Max, Min, Mean, Norm
    std::array<std::string, 4> golden_statistics;
};

// One entry per row, in order; the rows run in parallel on `pool`, counted on a progress line of the terminal
// with `show_progress`. A file of a dtype msprobe does not read gets one warning on the log and "N/A" cells.
std::vector<TensorModeCells> tensor_mode_cells(const std::vector<MatchedRow>& rows, const TensorRules& rules,
                                               ThreadPool& pool, bool show_progress = false);

}  // namespace msprobe::atb
