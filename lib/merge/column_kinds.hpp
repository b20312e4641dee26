#pragma once
// What pandas decides about each column of a result sheet from all of its
// cells, learnt a row at a time so a sheet need not be held: whether a column
// of number texts reads as numbers (August writes its statistics diffs as text
// cells), and whether a column's numbers print as ints or floats.
#include <cstddef>
#include <vector>

#include "merge/python_cell_text.hpp"
#include "report/cell.hpp"

namespace msprobe::merge {

class ColumnKinds {
public:
    // One data row (no header, no blank row).
    void add(const std::vector<report::Cell>& row);

    // pandas' read_excel reads the column as numbers while some of its cells are texts: every row holds
    // the column, and every cell is a number or a text pandas_cell_number reads.
    bool converts(std::size_t column) const;
    // Turns the text cells of every column that converts into numbers.
    void convert(std::vector<report::Cell>& row) const;

    // The kind of the column's numbers, after convert() when `converted`.
    NumberColumn kind(std::size_t column, bool converted) const;

private:
    struct Column {
        std::size_t rows = 0;        // rows that hold the column
        bool numeric = true;         // every cell a number or a number text
        bool has_text = false;       // some of them texts
        bool any_fraction = false;   // some number (or number text) not integral
    };
    std::vector<Column> columns_;
    std::size_t rows_ = 0;
};

}  // namespace msprobe::merge
