// TableRows hands a whole Table to a writer through the RowSource face: the
// header, the row count, each row and its fill, and the widest of the header
// and a range of rows (rows may be ragged).
#include "report/row_source.hpp"

#include <catch2/catch.hpp>

using msprobe::report::Cell;
using msprobe::report::RowFill;
using msprobe::report::RowSource;
using msprobe::report::Table;
using msprobe::report::TableRows;

namespace {

Table ragged_table() {
    Table table;
    table.header = {"NPU Name", "Bench Name", "Result"};
    table.rows = {
        {Cell("a"), Cell("a"), Cell("pass")},
        {Cell("b"), Cell("b"), Cell("pass"), Cell("extra"), Cell(1.0)},  // five cells
        {Cell("c")},
        {},
    };
    table.fills = {RowFill::None, RowFill::Red};
    return table;
}

}  // namespace

TEST_CASE("row source: TableRows shows the table's header, rows and fills", "[report][row_source]") {
    const Table table = ragged_table();
    TableRows rows(table);
    RowSource& source = rows;
    CHECK(source.header() == table.header);
    CHECK(source.size() == 4);
    CHECK(source.row(0).at(2) == Cell("pass"));
    CHECK(&source.row(1) == &table.rows[1]);  // the table's own row, not a copy
    CHECK(source.row(3).empty());
    CHECK(source.fill(1) == RowFill::Red);
    CHECK(source.fill(3) == RowFill::None);
}

TEST_CASE("row source: columns is the widest of the header and the rows asked about", "[report][row_source]") {
    const Table table = ragged_table();
    const TableRows rows(table);
    CHECK(rows.columns(0, 4) == 5);
    CHECK(rows.columns(0, 1) == 3);
    CHECK(rows.columns(2, 4) == 3);  // the header is wider than rows 2 and 3
    CHECK(rows.columns(1, 2) == 5);
    CHECK(rows.columns(0, 0) == 3);  // no rows: the header alone

    const Table empty;
    CHECK(TableRows(empty).columns(0, 0) == 0);
    CHECK(TableRows(empty).size() == 0);
}
