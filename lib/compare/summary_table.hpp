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

// How the statistics are subtracted: after the decimal round trip of
// msprobe's compare (reference_decimal.hpp), or exactly as dumped (msprobe's
// graph command subtracts the values it read from dump.json).
enum class StatisticArithmetic { ReferenceParsed, Exact };

// `stack` null: no NPU_Stack_Info column.
ResultTable summary_table(const dump::DumpFile& npu, const dump::DumpFile& bench, const std::vector<RowPair>& pairs,
                          const dump::StackFile* stack,
                          StatisticArithmetic arithmetic = StatisticArithmetic::ReferenceParsed);

ResultTable md5_table(const dump::DumpFile& npu, const dump::DumpFile& bench, const std::vector<RowPair>& pairs,
                      const dump::StackFile* stack);

}  // namespace msprobe::compare
