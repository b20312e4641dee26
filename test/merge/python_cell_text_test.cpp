// str() of the cells as msprobe sees them after pandas read the result book.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "merge/python_cell_text.hpp"

using msprobe::merge::number_column_kind;
using msprobe::merge::NumberColumn;
using msprobe::merge::python_str;
using msprobe::report::Cell;

TEST_CASE("cells print as Python's str() of the value pandas read", "[python_cell_text]") {
    CHECK(python_str(Cell("tp-0-1-2-3"), NumberColumn::PerCell) == "tp-0-1-2-3");
    CHECK(python_str(Cell(), NumberColumn::PerCell).empty());
    CHECK(python_str(Cell::boolean(true), NumberColumn::PerCell) == "True");
    CHECK(python_str(Cell(3.0), NumberColumn::PerCell) == "3");
    CHECK(python_str(Cell(-0.0), NumberColumn::PerCell) == "0");
    CHECK(python_str(Cell(1e20), NumberColumn::PerCell) == "100000000000000000000");
    CHECK(python_str(Cell(3.0), NumberColumn::Float) == "3.0");
    CHECK(python_str(Cell(1e-05), NumberColumn::PerCell) == "1e-05");
    CHECK(python_str(Cell(1e16), NumberColumn::Float) == "1e+16");
    CHECK(python_str(Cell(0.1), NumberColumn::PerCell) == "0.1");
    CHECK(python_str(Cell(123456789.123), NumberColumn::Float) == "123456789.123");
    CHECK(python_str(Cell(4.0), NumberColumn::Int) == "4");
    CHECK(python_str(Cell(std::numeric_limits<double>::infinity()), NumberColumn::PerCell) == "inf");
}

TEST_CASE("a column is typed as a whole only when every cell is a number", "[python_cell_text]") {
    using Rows = std::vector<std::vector<Cell>>;
    CHECK(number_column_kind(Rows{{Cell(4.0)}, {Cell(0.5)}}, 0) == NumberColumn::Float);
    CHECK(number_column_kind(Rows{{Cell(4.0)}, {Cell(5.0)}}, 0) == NumberColumn::Int);
    CHECK(number_column_kind(Rows{{Cell(4.0)}, {Cell("N/A")}}, 0) == NumberColumn::PerCell);
    CHECK(number_column_kind(Rows{{Cell(4.0)}, {Cell()}}, 0) == NumberColumn::PerCell);
    CHECK(number_column_kind(Rows{{Cell(4.0)}, {}}, 0) == NumberColumn::PerCell);
}
