#pragma once
// --strict_compat with -f on statistics and md5 dumps: msprobe's fuzzy path
// assumes the row record of tensor dumps (which carries data_name), so every
// column after requires_grad lands one place off (a bug in msprobe).
// We reproduce what that shift shows in the book; rows msprobe would crash on
// keep our intended result.
#include <vector>

#include "compare/matcher.hpp"
#include "compare/result_table.hpp"
#include "dump/dump_file.hpp"

namespace msprobe::compare {

// Statistics: msprobe's dtype gate compares the NPU dtype with the bench *shape*
// text, so only None-against-None pairs survive; every other pair becomes unmatched.
std::vector<RowPair> shifted_fuzzy_pairs(const std::vector<RowPair>& pairs, const dump::DumpFile& npu,
                                         const dump::DumpFile& bench);

// The cells the shift leaves in a finished table (rows one per pair, in order).
void apply_shifted_fuzzy_cells(ResultTable& result, const std::vector<RowPair>& pairs, const dump::DumpFile& bench);

}  // namespace msprobe::compare
