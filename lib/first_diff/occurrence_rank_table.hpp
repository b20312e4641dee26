#pragma once
// The per-rank table of August's compare -da: rows joined on August's keys
// (the key alone, backward call numbers renumbered), April's statistics or md5
// columns with August's diff and relative-error texts, and no verdict (the
// rule engine of August's result table does not run in -da).
#include <vector>

#include "compare/matcher.hpp"
#include "compare/result_table.hpp"
#include "dump/dump_file.hpp"

namespace msprobe::first_diff {

// A rank's compared rows and the table made of them, without a stack column.
struct RankTable {
    std::vector<compare::RowPair> pairs;
    compare::ResultTable result;
};

// Statistics (tensor dumps by their statistics): the diffs as August's texts,
// Result and Err_message "". Md5: Result pass / Different, Err_message NaN.
RankTable occurrence_rank_table(const dump::DumpFile& npu, const dump::DumpFile& bench);

}  // namespace msprobe::first_diff
