#pragma once
// Writes a Table as an .xlsx workbook laid out like msprobe's result books.
#include <filesystem>

#include "report/table.hpp"

namespace msprobe::report {

// Plain rendering: sheet "Sheet1" (split into part_0, part_1, ... at 1,048,500
// rows), bold bordered centred header. Highlight rendering: sheet "Sheet",
// plain header, red/yellow row fills. Streams rows (constant memory).
// Throws msprobe::Error naming the file on failure.
void write_xlsx(const Table& table, CellRendering rendering, const std::filesystem::path& path);

}  // namespace msprobe::report
