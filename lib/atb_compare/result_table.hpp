#pragma once
// The result book's sheet (atb_data_compare.py: compare_atb_mode's frame):
// Target/Golden pairs of Data Name, Device and PID, Execution Count, Data Type
// and Data Shape; the mode's own columns; then Target/Golden Max, Min, Mean and
// Norm. Every cell is a text, as the frame holds it.
#include <string>
#include <vector>

#include "atb_compare/matched_rows.hpp"
#include "atb_compare/tensor_mode_cells.hpp"
#include "report/table.hpp"

namespace msprobe::atb {

std::vector<std::string> result_header(DumpMode mode);

// Stats mode: the statistics as the csvs hold them and their differences.
report::Table stats_table(const std::vector<MatchedRow>& rows);

// Tensor mode: `cells` holds one entry per row (tensor_mode_cells).
report::Table tensor_table(const std::vector<MatchedRow>& rows, const std::vector<TensorModeCells>& cells);

}  // namespace msprobe::atb
