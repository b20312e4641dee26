#pragma once
// A result table as it goes to disk: header texts, rows of cells, and an
// optional fill colour per row (msprobe's -hl red/yellow rows).
#include <cstdint>
#include <string>
#include <vector>

#include "report/cell.hpp"

namespace msprobe::report {

enum class RowFill : std::uint8_t { None, Red, Yellow };

struct Table {
    std::vector<std::string> header;
    std::vector<std::vector<Cell>> rows;
    std::vector<RowFill> fills;  // empty, or one per row

    RowFill fill_of(std::size_t row) const { return row < fills.size() ? fills[row] : RowFill::None; }
};

// How cell values are rendered, following msprobe's two workbook writers.
enum class CellRendering : std::uint8_t {
    Plain,      // ±inf → "inf"/"-inf", NaN → empty, booleans as booleans
    Highlight,  // inf/-inf/nan (numbers or texts) → text + TAB, booleans as "True"/"False"
};

}  // namespace msprobe::report
