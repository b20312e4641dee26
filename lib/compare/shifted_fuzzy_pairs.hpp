#pragma once
// --strict_compat with -fm on statistics and md5 dumps: August msprobe keeps
// April's column shift of the fuzzy path (fuzzy_compat.hpp), and aborts as
// soon as the scan has to write an NPU row without partner (the shorter
// record does not fit the table). Without strict_compat these rows pair as
// the algorithm intends.
#include <vector>

#include "compare/compare_mode.hpp"
#include "compare/matcher.hpp"
#include "compare/result_table.hpp"
#include "dump/dump_file.hpp"

namespace msprobe::compare {

// The pairs msprobe's shifted columns leave; throws msprobe::Error naming the
// NPU dump when the scan leaves a row unmatched (msprobe's abort).
std::vector<RowPair> shifted_fuzzy_pairs(const dump::DumpFile& npu, const dump::DumpFile& bench,
                                                const MatchPlan& plan, CompareMode mode);

// After the rules: a paired md5 row compares shifted columns, which never hold
// equal digests.
void apply_shifted_md5_verdicts(ResultTable& result, const std::vector<RowPair>& pairs);

}  // namespace msprobe::compare
