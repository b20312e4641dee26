#pragma once
// The cells of one statistic in stats mode (atb_data_compare.py:
// cal_comparison_metrics_by_stats): "<stat> Diff" and "Relative Err of <stat>(%)".
#include <string>
#include <string_view>

namespace msprobe::atb {

struct StatisticDiff {
    std::string diff;            // str(target - golden), Python's float repr
    std::string relative_error;  // "0.0" for no difference, "N/A" for a zero golden, else str(|diff / golden * 100|)
};

// Both cells "N/A" when either text is not a Python float.
StatisticDiff statistic_diff(std::string_view target, std::string_view golden);

}  // namespace msprobe::atb
