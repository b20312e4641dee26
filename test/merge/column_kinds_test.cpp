// What pandas decides about each column of a result sheet, learnt a row at a
// time (merge_result.md §6.3): a column of numbers and number texts reads as
// numbers; every number integral makes an int column, one fraction a float
// column, and any other text, empty cell, boolean or missing cell leaves each
// number its own kind.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "merge/column_kinds.hpp"

using namespace msprobe::merge;
using msprobe::report::Cell;
using Rows = std::vector<std::vector<Cell>>;

namespace {

ColumnKinds learnt(const Rows& rows) {
    ColumnKinds kinds;
    for (const auto& row : rows) kinds.add(row);
    return kinds;
}

}  // namespace

TEST_CASE("column kinds: a sheet without data rows types nothing as text", "[merge][column_kinds]") {
    const ColumnKinds kinds;
    CHECK_FALSE(kinds.converts(0));
    CHECK(kinds.kind(0, false) == NumberColumn::Int);
    CHECK(kinds.kind(7, true) == NumberColumn::Int);
}

TEST_CASE("column kinds: numbers alone are int or float by their fractions", "[merge][column_kinds]") {
    const ColumnKinds kinds = learnt({{Cell(4.0), Cell(4.0), Cell(-0.0)},
                                      {Cell(150.0), Cell(0.5), Cell(2.0)}});
    CHECK_FALSE(kinds.converts(0));  // nothing to convert
    CHECK(kinds.kind(0, false) == NumberColumn::Int);
    CHECK(kinds.kind(1, false) == NumberColumn::Float);  // so the 4 prints 4.0
    CHECK(python_str(Cell(4.0), kinds.kind(1, false)) == "4.0");
    CHECK(python_str(Cell(4.0), kinds.kind(0, false)) == "4");
    CHECK(kinds.kind(2, false) == NumberColumn::Int);
}

TEST_CASE("column kinds: non-finite numbers make a float column", "[merge][column_kinds]") {
    const double inf = std::numeric_limits<double>::infinity();
    const ColumnKinds kinds = learnt({{Cell(1.0), Cell(1.0)}, {Cell(inf), Cell(std::nan(""))}});
    CHECK(kinds.kind(0, false) == NumberColumn::Float);
    CHECK(kinds.kind(1, false) == NumberColumn::Float);
}

TEST_CASE("column kinds: number texts convert, and then type the column", "[merge][column_kinds]") {
    const Rows rows = {{Cell("0"), Cell("1"), Cell("-0.25"), Cell("inf")},
                       {Cell(2.0), Cell("3"), Cell(1.0), Cell("-Infinity")}};
    const ColumnKinds kinds = learnt(rows);
    for (std::size_t c = 0; c < 4; ++c) {
        CAPTURE(c);
        CHECK(kinds.converts(c));
        CHECK(kinds.kind(c, false) == NumberColumn::PerCell);  // until converted, texts are texts
    }
    CHECK(kinds.kind(0, true) == NumberColumn::Int);
    CHECK(kinds.kind(1, true) == NumberColumn::Int);
    CHECK(kinds.kind(2, true) == NumberColumn::Float);
    CHECK(kinds.kind(3, true) == NumberColumn::Float);
    std::vector<Cell> first = rows[0];
    kinds.convert(first);
    CHECK(first == std::vector<Cell>{Cell(0.0), Cell(1.0), Cell(-0.25), Cell(std::numeric_limits<double>::infinity())});
    std::vector<Cell> second = rows[1];
    kinds.convert(second);
    CHECK(second[0] == Cell(2.0));  // a number stays the number it is
    CHECK(second[3] == Cell(-std::numeric_limits<double>::infinity()));
}

TEST_CASE("column kinds: one other cell keeps the whole column as it is", "[merge][column_kinds]") {
    // Learnt in either order: a text that is no number, an empty cell, a boolean, a percentage.
    const Rows rows = {{Cell("N/A"), Cell("1"), Cell(), Cell("1"), Cell("0")},
                       {Cell("2"), Cell(), Cell("1"), Cell::boolean(true), Cell("12.5%")}};
    const ColumnKinds kinds = learnt(rows);
    for (std::size_t c = 0; c < 5; ++c) {
        CAPTURE(c);
        CHECK_FALSE(kinds.converts(c));
        CHECK(kinds.kind(c, true) == NumberColumn::PerCell);
    }
    std::vector<Cell> row = rows[1];
    kinds.convert(row);
    CHECK(row == rows[1]);
    CHECK(python_str(Cell(3.0), kinds.kind(0, true)) == "3");  // each number its own kind
    CHECK(python_str(Cell(0.5), kinds.kind(0, true)) == "0.5");
}

TEST_CASE("column kinds: a column some rows lack keeps each number its own kind", "[merge][column_kinds]") {
    const ColumnKinds kinds = learnt({{Cell("a"), Cell(1.0)}, {Cell("b")}, {Cell("c"), Cell("2"), Cell("3")}});
    CHECK_FALSE(kinds.converts(1));
    CHECK(kinds.kind(1, true) == NumberColumn::PerCell);
    CHECK_FALSE(kinds.converts(2));
    CHECK(kinds.kind(2, true) == NumberColumn::PerCell);
    CHECK(kinds.kind(3, true) == NumberColumn::PerCell);  // no row has it
    CHECK_FALSE(kinds.converts(3));
    std::vector<Cell> row = {Cell("c"), Cell("2"), Cell("3")};
    kinds.convert(row);
    CHECK(row[1] == Cell("2"));
}
