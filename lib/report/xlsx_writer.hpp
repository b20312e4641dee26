#pragma once
// Writes a Table as an .xlsx workbook laid out like msprobe's result books.
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "common/thread_pool.hpp"
#include "report/row_source.hpp"
#include "report/table.hpp"
#include "report/xlsx_package_parts.hpp"

namespace msprobe::report {

// Plain rendering: sheet "Sheet1" (split into part_0, part_1, ... at 1,048,500
// rows), bold bordered centred header. Highlight rendering: sheet "Sheet",
// plain header, red/yellow row fills. Streams the sheets through a parallel
// deflater into the zip (memory stays bounded whatever the table size); the
// deflater's chunks are tasks of `pool`, or are compressed on the caller's
// thread alone without one. The bytes are the same either way.
// Throws msprobe::Error naming the file on failure. `fills` spells the red/yellow fills in styles.xml.
void write_xlsx(const Table& table, CellRendering rendering, const std::filesystem::path& path,
                FillSpelling fills = FillSpelling::Opaque, ThreadPool* pool = nullptr);

// The same for rows asked for one at a time (a result made in chunks); the
// source is read once, in order.
void write_xlsx(RowSource& rows, CellRendering rendering, const std::filesystem::path& path,
                FillSpelling fills = FillSpelling::Opaque, ThreadPool* pool = nullptr);

// A table that becomes its own worksheet.
struct NamedTable {
    std::string name;  // sheet name: at most 31 characters, none of []:*?/\ or XML markup
    Table table;
};

// A book of several plain sheets in the given order (msprobe's multi-sheet
// books, e.g. merge_result's): each table becomes sheet `name`, or sheets
// `{name}_part_{k}` at 1,048,500 rows and more, compressed as write_xlsx does.
// Throws msprobe::Error naming the file.
void write_xlsx_sheets(const std::vector<NamedTable>& tables, const std::filesystem::path& path,
                       ThreadPool* pool = nullptr);

namespace detail {

// msprobe splits a plain book into parts once it has this many rows.
inline constexpr std::size_t kSheetRowLimit = 1048500;

// write_xlsx with another split threshold, so tests can check the split on small tables.
void write_xlsx(RowSource& rows, CellRendering rendering, const std::filesystem::path& path,
                std::size_t sheet_row_limit, FillSpelling fills = FillSpelling::Opaque, ThreadPool* pool = nullptr);
void write_xlsx(const Table& table, CellRendering rendering, const std::filesystem::path& path,
                std::size_t sheet_row_limit, FillSpelling fills = FillSpelling::Opaque, ThreadPool* pool = nullptr);
void write_xlsx_sheets(const std::vector<NamedTable>& tables, const std::filesystem::path& path,
                       std::size_t sheet_row_limit, ThreadPool* pool = nullptr);

}  // namespace detail

}  // namespace msprobe::report
