#pragma once
// The statistics ("summary") and digest ("md5") result tables.
#include <string>
#include <vector>

#include "compare/matcher.hpp"
#include "compare/result_table.hpp"
#include "dump/stack_file.hpp"

namespace msprobe::compare {

// The statistics table's columns after the eight identity columns (the stack column aside);
// April's and August's tables share them.
std::vector<std::string> statistics_headers();

// `stack` null: no NPU_Stack_Info column.
ResultTable summary_table(const dump::DumpFile& npu, const dump::DumpFile& bench, const std::vector<RowPair>& pairs,
                          const dump::StackFile* stack);

ResultTable md5_table(const dump::DumpFile& npu, const dump::DumpFile& bench, const std::vector<RowPair>& pairs,
                      const dump::StackFile* stack);

}  // namespace msprobe::compare
