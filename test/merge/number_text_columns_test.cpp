// Text cells that pandas' read_excel reads as numbers: whole columns or not at all.
#include <catch2/catch.hpp>

#include <limits>

#include "merge/column_kinds.hpp"
#include "merge/number_text_columns.hpp"
#include "merge/python_cell_text.hpp"

using msprobe::merge::convert_number_text_columns;
using msprobe::merge::pandas_cell_number;
using msprobe::report::Cell;
using Rows = std::vector<std::vector<Cell>>;

TEST_CASE("a text cell reads as pandas reads it", "[merge][number_text_columns]") {
    // 17 digits, the leading zero included: the last digits are dropped, not rounded.
    CHECK(pandas_cell_number("0.0009270086884498874") == 0.0009270086884498);
    CHECK(pandas_cell_number("-0.0016856044530867975") == -0.0016856044530867);
    CHECK(pandas_cell_number("0") == 0.0);
    CHECK(pandas_cell_number("INF") == std::numeric_limits<double>::infinity());
    CHECK(pandas_cell_number("-Infinity") == -std::numeric_limits<double>::infinity());
    CHECK_FALSE(pandas_cell_number(" inf"));
    CHECK_FALSE(pandas_cell_number("N/A"));
    CHECK_FALSE(pandas_cell_number("Nan"));
    CHECK_FALSE(pandas_cell_number("12.5%"));
}

TEST_CASE("only columns whose every cell reads as a number become numbers", "[merge][number_text_columns]") {
    Rows rows = {{Cell("a.input.0"), Cell("0"), Cell("0"), Cell(2.5), Cell("1"), Cell::boolean(true)},
                 {Cell("a.output.0"), Cell("-0.25"), Cell("12.5%"), Cell("3"), Cell(), Cell("1")}};
    convert_number_text_columns(rows);
    CHECK(rows[0][0] == Cell("a.input.0"));  // names stay texts
    CHECK(rows[0][1] == Cell(0.0));
    CHECK(rows[1][1] == Cell(-0.25));
    CHECK(rows[0][2] == Cell("0"));  // a percentage keeps its column texts
    CHECK(rows[0][3] == Cell(2.5));
    CHECK(rows[1][3] == Cell(3.0));
    CHECK(rows[0][4] == Cell("1"));  // an empty cell keeps the column as it is
    CHECK(rows[1][5] == Cell("1"));  // so does a boolean
}

TEST_CASE("a column of numbers only is left alone", "[merge][number_text_columns]") {
    Rows rows = {{Cell(1.0)}, {Cell(2.0)}};
    convert_number_text_columns(rows);
    CHECK(rows == Rows{{Cell(1.0)}, {Cell(2.0)}});
}

TEST_CASE("ColumnKinds learns row by row what the whole-column rules decide", "[merge][number_text_columns]") {
    using msprobe::merge::ColumnKinds;
    using msprobe::merge::NumberColumn;
    const Rows rows = {{Cell("a"), Cell("1"), Cell(2.0), Cell("0.5"), Cell(1.0)},
                       {Cell("b"), Cell("-2"), Cell(3.0), Cell("x"), Cell(1.5)},
                       {Cell("c"), Cell("inf"), Cell(4.0), Cell("2")}};
    ColumnKinds kinds;
    for (const auto& row : rows) kinds.add(row);
    CHECK_FALSE(kinds.converts(0));
    CHECK(kinds.converts(1));
    CHECK_FALSE(kinds.converts(2));  // numbers already
    CHECK_FALSE(kinds.converts(3));  // "x"
    CHECK_FALSE(kinds.converts(4));  // a row without the column
    CHECK(kinds.kind(1, true) == NumberColumn::Float);  // inf is not integral
    CHECK(kinds.kind(1, false) == NumberColumn::PerCell);
    CHECK(kinds.kind(2, true) == NumberColumn::Int);
    CHECK(kinds.kind(4, true) == NumberColumn::PerCell);
    Rows converted = rows;
    for (auto& row : converted) kinds.convert(row);
    Rows whole = rows;
    convert_number_text_columns(whole);
    CHECK(converted == whole);
    CHECK(converted[1][1] == Cell(-2.0));
    CHECK(msprobe::merge::number_column_kind(whole, 1) == NumberColumn::Float);
    CHECK(msprobe::merge::number_column_kind(whole, 2) == NumberColumn::Int);
}
