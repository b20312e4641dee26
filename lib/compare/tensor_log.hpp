#pragma once
// -tensor_log: the two log lines msprobe writes per row of a real-data
// compare ("start compare: <name>", then its metrics or why there are none).
#include <string>

#include "compare/result_table.hpp"

namespace msprobe::compare {

// The "Compare result" line of row `row` of a real-data table with August's columns.
std::string compare_log_line(const ResultTable& result, std::size_t row);

// Both lines of every row, in row order, at INFO; nothing for other modes.
void log_compare_rows(const ResultTable& result);

}  // namespace msprobe::compare
