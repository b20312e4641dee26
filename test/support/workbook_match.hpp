#pragma once
// Cell-for-cell comparison of two result books, with a readable list of the
// differences (sheet names, row counts, cell kinds and values, fill colours).
#include <map>
#include <string>
#include <vector>

#include "report/xlsx_reader.hpp"

namespace msprobe::testing {

// Empty when the books hold the same cells. Numbers must be equal as stored
// (both writers keep 16 significant digits); an empty text equals an empty cell;
// fill colours are compared by RGB (writers differ in the alpha byte).
// `relative_tolerance` names columns (by header text) whose numbers may differ
// by that relative amount, e.g. EucDist, whose last bits depend on summation order.
std::vector<std::string> workbook_differences(const report::WorkbookContents& ours,
                                              const report::WorkbookContents& expected,
                                              const std::map<std::string, double>& relative_tolerance = {},
                                              std::size_t max_reports = 20);

}  // namespace msprobe::testing
