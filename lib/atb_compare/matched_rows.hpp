#pragma once
// Which rows are compared (atb_data_compare.py: cal_comparison_metrics_by_*):
// every target row whose Data Name the golden csv holds, in target order;
// target rows without one are passed over.
#include <vector>

#include "atb_compare/statistic_csv.hpp"

namespace msprobe::atb {

struct MatchedRow {
    const StatisticRow* target = nullptr;
    const StatisticRow* golden = nullptr;
};

// The rows point into `target` and `golden`, which must outlive them.
std::vector<MatchedRow> matched_rows(const StatisticCsv& target, const StatisticCsv& golden);

}  // namespace msprobe::atb
