#pragma once
// msprobe's torchair report (torchair_cmp_utils.py:save_compare_result_to_csv):
// msprobe_cmp_report_<UTC YYYYmmddHHMMSS>.csv (…_rank<r>_… per rank), one per
// graph, with the columns token_id, data_id, the golden then my side's path,
// op type (always empty), dtype, shape, max, min and mean, the seven metrics
// and cmp_fail_reason. Rows whose only reason is "data shape doesn't match."
// and rows where exactly one side is torch.int8 are left out. Cells are as
// pandas writes the DataFrame: floats as Python's repr, NaN and missing cells
// empty, kl_divergence's int 0 as "0" only when every row's kl_divergence is
// that int (pandas then keeps the column integer), else "0.0"; paths holding
// commas quoted; a text a spreadsheet would run as a formula behind a quote
// unless `formulas` is Verbatim.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "report/csv_formula_guard.hpp"
#include "report/output_file.hpp"
#include "torchair_compare/compare_row.hpp"

namespace msprobe::torchair_compare {

std::string report_file_name(std::optional<std::int64_t> rank, const std::string& utc_timestamp);

// msprobe's sort_by_timestamp: stable, by the text after the last '.' of my_data_path
// (the dump's time stamp and ",inputs,<i>" or ",outputs,<i>").
void sort_by_timestamp(std::vector<CompareRow>& rows);

// Whether msprobe writes the row.
bool is_reported(const CompareRow& row);

// The CSV of rows[first, end) of `rows` (the rows written, in order), header first.
void write_report_csv(std::ostream& out, const std::vector<const CompareRow*>& rows, std::size_t first, std::size_t end,
                      report::FormulaCells formulas);
std::string report_csv_text(const std::vector<const CompareRow*>& rows, std::size_t first, std::size_t end,
                            report::FormulaCells formulas);

// Stages the report of `rows` (sorted) at `path` in `files`, in parts past a
// million rows as msprobe's write_df_to_csv cuts it, and returns the rows written.
std::vector<const CompareRow*> stage_report(report::StagedFiles& files, const std::filesystem::path& path,
                                            const std::vector<CompareRow>& rows, report::FormulaCells formulas);

}  // namespace msprobe::torchair_compare
