#pragma once
// August msprobe's result files: CSV by default (Python renderings of every
// cell, split into parts past a million rows), or the April plain workbook.
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "common/progress.hpp"
#include "compare/compare_options.hpp"
#include "compare/verdict_table.hpp"
#include "report/csv_formula_guard.hpp"
#include "report/output_file.hpp"

namespace msprobe::compare {

// `format` is Csv or Xlsx: a verdict table has no JSON form.
// compare_result_{ts}.csv, compare_result_<rank folder>_{ts}.csv (rank_label
// non-empty), debug_compare_result_… for debug.json pairs; .xlsx for Xlsx.
std::string verdict_result_name(bool debug_json, const std::string& rank_label, const std::string& timestamp,
                               OutputFormat format);

// Writes the table to `path` (a file already there is replaced) and returns
// the files written: `path` itself, or for a CSV of more than a million rows
// `<stem>_part_1.csv`, `<stem>_part_2.csv`, … beside it. A workbook is compressed on
// `pool` if given (write_xlsx). A CSV's formula-like texts are written as
// `formulas` says (Verbatim under --strict_compat). Throws msprobe::Error naming the file.
// With `into` (a StagedFiles that replaces existing files) the files are staged there and appear when the
// caller commits it, with the rest of its run; without, they are committed at once.
// `progress`, if given, counts the rows as they are written.
std::vector<std::filesystem::path> write_verdict_table(const VerdictTable& table, const std::filesystem::path& path,
                                                       OutputFormat format, ThreadPool* pool = nullptr,
                                                       report::FormulaCells formulas = report::FormulaCells::Guarded,
                                                       report::StagedFiles* into = nullptr,
                                                       Progress* progress = nullptr);

// The files write_verdict_table writes for `table` at `path`, in order.
std::vector<std::filesystem::path> result_table_files(const VerdictTable& table, const std::filesystem::path& path,
                                                       OutputFormat format);

// One CSV line per row as pandas writes the table: floats as Python repr,
// integers without a point, float ±inf as " inf"/" -inf", NaN as an empty field;
// texts through report::append_csv_field with `formulas`, number cells verbatim.
std::string python_csv_text(const VerdictTable& table, std::size_t first_row, std::size_t end_row,
                            report::FormulaCells formulas = report::FormulaCells::Guarded);

namespace detail {
std::vector<std::filesystem::path> write_python_csv(const VerdictTable& table, const std::filesystem::path& path,
                                                    std::size_t part_rows,
                                                    report::FormulaCells formulas = report::FormulaCells::Guarded,
                                                    report::StagedFiles* into = nullptr, Progress* progress = nullptr);
}  // namespace detail

}  // namespace msprobe::compare
