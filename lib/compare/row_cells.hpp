#pragma once
// Cell helpers shared by every compare mode: the eight identifying columns,
// statistic cells, Requires_grad texts and the stack column.
#include <string>
#include <vector>

#include "compare/matcher.hpp"
#include "compare/result_table.hpp"
#include "dump/dump_file.hpp"
#include "dump/stack_file.hpp"
#include "report/cell.hpp"

namespace msprobe::compare {

inline constexpr const char* kNotApplicable = "N/A";

// "NPU Name" ... "Bench Requires_grad".
const std::vector<std::string>& identity_headers();

// Appends the eight identity cells of a row pair (bench may be null: unmatched).
void append_identity_cells(std::vector<report::Cell>& cells, const dump::DumpRow& npu, const dump::DumpRow* bench);

// Shared start of every mode's table: header, and per-row origin metadata.
ResultTable start_table(CompareMode mode, const dump::DumpFile& npu, const std::vector<RowPair>& pairs,
                        std::vector<std::string> mode_headers, bool with_stack);

// The bench row of a pair, or null when the NPU row has no (compatible) partner.
const dump::DumpRow* bench_row(const dump::DumpFile& bench, const RowPair& pair);

// Appends a row to the table and fills its eight identity cells.
std::vector<report::Cell>& begin_row(ResultTable& result, const dump::DumpRow& npu, const dump::DumpRow* bench);

// "True"/"False", or "N/A" when the row has no requires_grad (or no bench row).
std::string requires_grad_text(const dump::DumpRow* row);

// A statistic as msprobe writes it: numbers as numbers, NaN → "Nan", null → "None".
report::Cell stat_cell(const dump::StatValue& value);

// "NPU max" … "Bench l2norm": the NPU statistics, then the bench's ("N/A" without a bench row).
void append_statistic_cells(std::vector<report::Cell>& cells, const dump::DumpRow& npu, const dump::DumpRow* bench);

// The NPU_Stack_Info cell of NPU row `index` (stack on the first row of each entry).
report::Cell stack_cell(const dump::DumpFile& npu, std::size_t index, const dump::StackFile& stack);

}  // namespace msprobe::compare
