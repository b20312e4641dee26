// A result table: header, rows, and an optional fill per row; a row past the
// fills (or a table with none) has no fill.
#include "report/table.hpp"

#include <catch2/catch.hpp>

using msprobe::report::Cell;
using msprobe::report::RowFill;
using msprobe::report::Table;

TEST_CASE("table: rows without a fill of their own are not filled", "[report][table]") {
    Table table;
    table.header = {"NPU Name", "Bench Name"};
    table.rows = {{Cell("a"), Cell("a")}, {Cell("b"), Cell("c")}, {Cell("d"), Cell()}};
    CHECK(table.fill_of(0) == RowFill::None);
    CHECK(table.fill_of(2) == RowFill::None);

    table.fills = {RowFill::Red, RowFill::Yellow};
    CHECK(table.fill_of(0) == RowFill::Red);
    CHECK(table.fill_of(1) == RowFill::Yellow);
    CHECK(table.fill_of(2) == RowFill::None);
    CHECK(table.fill_of(1000) == RowFill::None);
}
