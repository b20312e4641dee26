#pragma once
// pandas' read_excel reads a column whose every cell is a number or a text that
// reads as one as a column of numbers (August msprobe writes its statistics
// diffs as text cells "0", "-0.0190656334161758"); a column holding any other
// text, an empty cell or a boolean stays as it is.
#include <optional>
#include <string_view>
#include <vector>

#include "report/cell.hpp"

namespace msprobe::merge {

// The number pandas makes of a text cell: a decimal through its fast parser,
// or inf / infinity in any case, signed or not; nullopt otherwise.
std::optional<double> pandas_cell_number(std::string_view text);

// Turns the text cells of every such column of `rows` (data rows, no header) into numbers.
void convert_number_text_columns(std::vector<std::vector<report::Cell>>& rows);

}  // namespace msprobe::merge
