#pragma once
// Writes a Table as CSV with the same cells as the workbook: numbers as the
// workbook stores them (16 significant digits), booleans True/False.
#include <filesystem>

#include "report/table.hpp"

namespace msprobe::report {

void write_csv(const Table& table, CellRendering rendering, const std::filesystem::path& path);

}  // namespace msprobe::report
