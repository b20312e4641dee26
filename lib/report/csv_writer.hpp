#pragma once
// Writes a Table as CSV with the same cells as the workbook: numbers as the
// workbook stores them (16 significant digits), booleans True/False.
#include <filesystem>
#include <string>

#include "report/table.hpp"

namespace msprobe::report {

void write_csv(const Table& table, CellRendering rendering, const std::filesystem::path& path);

// Appends one field to a CSV line, RFC 4180 style: quoted only when it holds
// a separator, quote or line break, quotes doubled.
void append_csv_field(std::string& line, const std::string& text);

}  // namespace msprobe::report
