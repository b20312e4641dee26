// The api filter (spec §5) and the str() rendering of cells (§6.3).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "merge/api_selection.hpp"
#include "merge/python_cell_text.hpp"

using msprobe::merge::number_column_kind;
using msprobe::merge::NumberColumn;
using msprobe::merge::python_str;
using msprobe::merge::select_api_rows;
using msprobe::report::Cell;

TEST_CASE("an api entry selects names that contain it followed by a dot", "[api_selection]") {
    const auto selection = select_api_rows({"api1", "api2"}, {"api1.forward", "api2.forward", "api11.forward"});
    CHECK(selection.rows == std::vector<std::size_t>{0, 1});
    CHECK(selection.unmatched.empty());
}

TEST_CASE("prefixes of the four-part name, substrings anywhere", "[api_selection]") {
    const std::vector<std::string> names = {
        "Distributed.all_reduce.0.forward.input.0",  "Distributed.all_reduce_coalesced.0.forward.input.0",
        "Distributed.all_reduce.12.backward.output.0", "MintDistributed.all_reduce.0.forward.input.0",
        "Functional.linear.0.forward.input.0",        ""};
    CHECK(select_api_rows({"Distributed.all_reduce"}, names).rows == std::vector<std::size_t>{0, 2, 3});
    CHECK(select_api_rows({"Distributed.all_reduce.0.forward"}, names).rows == std::vector<std::size_t>{0, 3});
    CHECK(select_api_rows({"Distributed"}, names).rows == std::vector<std::size_t>{0, 1, 2, 3});
    // entries are literal text, not regular expressions
    CHECK(select_api_rows({"Distributed.all_reduce.."}, names).rows.empty());
}

TEST_CASE("selection follows config order; a name is kept once, at its first row", "[api_selection]") {
    const std::vector<std::string> names = {"B.x.0.forward.a", "A.y.0.forward.b", "B.x.0.forward.a",
                                            "A.y.0.forward.c"};
    const auto selection = select_api_rows({"A", "B", "Torch.matmul", "A.y"}, names);
    CHECK(selection.rows == std::vector<std::size_t>{1, 3, 0});
    CHECK(selection.unmatched == std::vector<std::string>{"Torch.matmul"});
}

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
