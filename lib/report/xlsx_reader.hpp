#pragma once
// Reads the cells (and cell fill colours) of every sheet of an .xlsx workbook,
// whichever writer made it (inline strings, shared strings, numbers, booleans):
// the small parts through pugixml, each worksheet through expat as it inflates.
#include <functional>
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

// Called for each row of a sheet: its 0-based index and its cells (short rows
// not padded). The cells may be taken (moved from); they are not kept.
using SheetRowHandler = std::function<void(int row_index, std::vector<Cell>& cells)>;

// The first sheet's rows one at a time, in the order the sheet lists them (a
// row the sheet does not list is not handed on), its XML parsed as it inflates:
// a book of any length is read without holding its sheet. Throws like read_xlsx.
void read_first_xlsx_sheet_rows(const std::string& path, const SheetRowHandler& on_row);

}  // namespace msprobe::report
