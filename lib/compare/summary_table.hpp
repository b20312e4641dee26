#pragma once
// The statistics ("summary") and digest ("md5") result tables.
#include <array>
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

// One statistics row's comparison cells (after its identity columns), as summary_table writes them.
struct StatisticsComparison {
    std::array<report::Cell, 4> diff;      // "Max diff" … "L2norm diff"
    std::array<report::Cell, 4> relative;  // "MaxRelativeErr" … "NormRelativeErr"
    bool requires_grad_consistent = true;
    std::string result;   // "", "Warning", or "N/A" without a bench row
    std::string message;  // Err_message
};
StatisticsComparison compare_statistics(const dump::DumpRow& npu, const dump::DumpRow* bench,
                                        StatisticArithmetic arithmetic);

// One digest row's comparison cells, as md5_table writes them.
struct DigestComparison {
    std::string npu_md5;    // "N/A" when the row has none
    std::string bench_md5;  // "N/A" without a bench row or digest
    bool requires_grad_consistent = true;
    const char* result = "N/A";  // "pass", "Different", or "N/A" without a bench row
};
DigestComparison compare_digests(const dump::DumpRow& npu, const dump::DumpRow* bench);

// `stack` null: no NPU_Stack_Info column.
ResultTable summary_table(const dump::DumpFile& npu, const dump::DumpFile& bench, const std::vector<RowPair>& pairs,
                          const dump::StackFile* stack,
                          StatisticArithmetic arithmetic = StatisticArithmetic::ReferenceParsed);

ResultTable md5_table(const dump::DumpFile& npu, const dump::DumpFile& bench, const std::vector<RowPair>& pairs,
                      const dump::StackFile* stack);

}  // namespace msprobe::compare
