#pragma once
// Writes a Table as CSV with the same cells as the workbook: numbers as the
// workbook stores them (16 significant digits), booleans True/False.
#include <filesystem>
#include <string>
#include <string_view>

#include "report/csv_formula_guard.hpp"
#include "report/row_source.hpp"
#include "report/table.hpp"

namespace msprobe::report {

void write_csv(const Table& table, CellRendering rendering, const std::filesystem::path& path);

// Byte-level variants: the run_ut family of msprobe writes a UTF-8 BOM and CRLF rows.
// Text cells a spreadsheet would read as formulas are guarded unless told
// otherwise (csv_formula_guard.hpp); number cells never are.
struct CsvDialect {
    bool byte_order_mark = false;
    bool crlf = false;
    FormulaCells formulas = FormulaCells::Guarded;
};
void write_csv(const Table& table, CellRendering rendering, const std::filesystem::path& path, CsvDialect dialect);
// Rows asked for one at a time, in order (a result made in chunks).
void write_csv(RowSource& rows, CellRendering rendering, const std::filesystem::path& path, CsvDialect dialect = {});
// Appends one field to a CSV line: behind a quote when `formulas` guards it
// and needs_formula_guard(text), then RFC 4180 style: quoted only when it
// holds a separator, quote or line break, quotes doubled. Every CSV writer
// writes its fields through here; the rendering of a number cell is passed
// with FormulaCells::Verbatim.
void append_csv_field(std::string& line, std::string_view text, FormulaCells formulas);

}  // namespace msprobe::report
