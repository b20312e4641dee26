#pragma once
// Reads the cells (and cell fill colours) of every sheet of an .xlsx workbook,
// whichever writer made it (inline strings, shared strings, numbers, booleans).
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "report/cell.hpp"

namespace msprobe::report {

struct SheetContents {
    std::string name;
    std::vector<std::vector<Cell>> rows;  // rows[0] is the header row; short rows are not padded
    // (row, column) 0-based → ARGB text of a solid fill, e.g. "FFFF0000".
    std::map<std::pair<int, int>, std::string> fills;
};

struct WorkbookContents {
    std::vector<SheetContents> sheets;  // in workbook order
};

// Throws msprobe::Error naming the file when it is not a readable workbook.
WorkbookContents read_xlsx(const std::string& path);

// Only the first sheet (what msprobe's tools read of a result book).
SheetContents read_first_xlsx_sheet(const std::string& path);

}  // namespace msprobe::report
