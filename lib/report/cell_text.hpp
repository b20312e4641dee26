#pragma once
// The rendering rules shared by every writer: what a cell becomes on disk.
#include <string>

#include "report/cell.hpp"
#include "report/table.hpp"

namespace msprobe::report {

// The cell after the writer's conversions (non-finite numbers, booleans).
Cell rendered_cell(const Cell& cell, CellRendering rendering);

// A finite number as the workbook stores it ("%.16g").
std::string number_text(double value);

}  // namespace msprobe::report
