// What a cell becomes on disk: the plain and the highlight renderings of
// non-finite numbers and booleans, and numbers as "%.16g" writes them.
#include <catch2/catch.hpp>

#include <cstdio>
#include <limits>
#include <string>

#include "report/cell_text.hpp"

using msprobe::report::Cell;
using msprobe::report::CellRendering;
using msprobe::report::number_text;
using msprobe::report::rendered_cell;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
}  // namespace

TEST_CASE("plain rendering: inf as text, NaN as an empty cell, the rest unchanged", "[report][cell_text]") {
    CHECK(rendered_cell(Cell(kInf), CellRendering::Plain) == Cell("inf"));
    CHECK(rendered_cell(Cell(-kInf), CellRendering::Plain) == Cell("-inf"));
    CHECK(rendered_cell(Cell(kNan), CellRendering::Plain).is_empty());
    CHECK(rendered_cell(Cell(1.5), CellRendering::Plain) == Cell(1.5));
    CHECK(rendered_cell(Cell::boolean(true), CellRendering::Plain) == Cell::boolean(true));
    CHECK(rendered_cell(Cell("nan"), CellRendering::Plain) == Cell("nan"));
}

TEST_CASE("highlight rendering: non-finite values gain a tab, booleans become True/False", "[report][cell_text]") {
    CHECK(rendered_cell(Cell(kInf), CellRendering::Highlight) == Cell("inf\t"));
    CHECK(rendered_cell(Cell(-kInf), CellRendering::Highlight) == Cell("-inf\t"));
    CHECK(rendered_cell(Cell(kNan), CellRendering::Highlight) == Cell("nan\t"));
    CHECK(rendered_cell(Cell("-inf"), CellRendering::Highlight) == Cell("-inf\t"));
    CHECK(rendered_cell(Cell("Nan"), CellRendering::Highlight) == Cell("Nan"));  // msprobe's metric text stays
    CHECK(rendered_cell(Cell::boolean(false), CellRendering::Highlight) == Cell("False"));
    CHECK(rendered_cell(Cell(2.0), CellRendering::Highlight) == Cell(2.0));
    CHECK(rendered_cell(Cell(), CellRendering::Highlight).is_empty());
}

TEST_CASE("number_text writes what printf(\"%.16g\") writes", "[report][cell_text]") {
    CHECK(number_text(0.1) == "0.1");
    CHECK(number_text(1.0 / 3.0) == "0.3333333333333333");
    CHECK(number_text(2.0) == "2");
    CHECK(number_text(1e16) == "1e+16");
    CHECK(number_text(123456789012345678.0) == "1.234567890123457e+17");
    CHECK(number_text(1e-5) == "1e-05");
    CHECK(number_text(-0.0) == "-0");
    for (const double v : {0.1, 1.0 / 3.0, 6.02214076e23, -4.9e-324, 65504.0, 0.1 + 0.2}) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.16g", v);
        CHECK(number_text(v) == std::string(buf));
    }
}
