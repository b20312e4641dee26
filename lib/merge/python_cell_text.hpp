#pragma once
// str() of a cell as msprobe sees it after pandas read the result book: the
// reader types a whole column, so whether a number prints "4" or "4.0"
// depends on its neighbours.
#include <cstddef>
#include <string>
#include <vector>

#include "report/cell.hpp"

namespace msprobe::merge {

enum class NumberColumn {
    Int,      // every cell a number, all integral
    Float,    // every cell a number, at least one not integral
    PerCell,  // texts, booleans or empty cells present: each number keeps its own kind
};

NumberColumn number_column_kind(const std::vector<std::vector<report::Cell>>& rows, std::size_t column);

// Python's str() of the value: texts as they are, True/False, "" for empty,
// ints as digits, floats as repr ("3.0", "1e-05", "inf").
std::string python_str(const report::Cell& cell, NumberColumn column);

}  // namespace msprobe::merge
