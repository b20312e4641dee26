// A result cell: empty, text, number or boolean, in 16 bytes. Texts of up to
// 14 bytes live inside the cell, longer ones in a block it owns; copies and
// moves keep the value, and equality compares kinds and values (text to text
// whatever the storage; a text never equals a number).
#include "report/cell.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

using msprobe::report::Cell;

TEST_CASE("cell: each kind answers what it holds", "[report][cell]") {
    const Cell empty;
    CHECK(empty.is_empty());
    CHECK_FALSE(empty.is_text());
    CHECK_FALSE(empty.is_number());
    CHECK_FALSE(empty.is_bool());

    const Cell text("torch.float32");
    CHECK(text.is_text());
    CHECK(text.text() == "torch.float32");
    const Cell blank(std::string_view{});
    CHECK(blank.is_text());  // an empty text is still a text, not an empty cell
    CHECK(blank.text().empty());

    const Cell number(0.25);
    CHECK(number.is_number());
    CHECK(number.number() == 0.25);
    const Cell nan(std::numeric_limits<double>::quiet_NaN());
    CHECK(std::isnan(nan.number()));

    const Cell yes = Cell::boolean(true);
    CHECK(yes.is_bool());
    CHECK(yes.boolean_value());
    CHECK_FALSE(Cell::boolean(false).boolean_value());
}

TEST_CASE("cell: texts of every length up to and past the inline capacity keep their bytes", "[report][cell]") {
    for (std::size_t length = 0; length <= 40; ++length) {
        std::string text;
        for (std::size_t i = 0; i < length; ++i) text.push_back(static_cast<char>('a' + i % 26));
        text += std::string(1, '\0');  // an embedded NUL is part of the text
        INFO("length " << text.size());
        const Cell cell(text);
        CHECK(cell.text() == text);
        const Cell copy = cell;
        CHECK(copy.text() == text);
        if (cell.text().size() > 14) CHECK(copy.text().data() != cell.text().data());  // its own block
    }
}

TEST_CASE("cell: copies and moves of long texts own their blocks", "[report][cell]") {
    const std::string long_text = "Functional.conv2d.0.forward.input.0";
    Cell original(long_text);
    Cell copy(original);
    Cell assigned;
    assigned = original;
    Cell moved(std::move(original));
    CHECK(original.is_empty());  // NOLINT(bugprone-use-after-move): a moved-from cell is empty
    CHECK(moved.text() == long_text);
    CHECK(copy.text() == long_text);
    CHECK(assigned.text() == long_text);

    Cell target("short");
    target = std::move(moved);
    CHECK(target.text() == long_text);
    target = Cell(3.0);  // a long text replaced by a number
    CHECK(target.is_number());
    Cell& same = target;
    target = same;  // self-assignment keeps the value
    CHECK(target.number() == 3.0);

    std::vector<Cell> cells(100, Cell(long_text));
    cells.resize(1000);  // reallocation moves the cells
    CHECK(cells[99].text() == long_text);
    CHECK(cells[100].is_empty());
}

TEST_CASE("cell: equality compares kind and value", "[report][cell]") {
    CHECK(Cell() == Cell());
    CHECK(Cell("N/A") == Cell(std::string("N/A")));
    CHECK(Cell(std::string(20, 'x')) == Cell(std::string(20, 'x')));
    CHECK_FALSE(Cell(std::string(20, 'x')) == Cell(std::string(21, 'x')));
    CHECK_FALSE(Cell("1") == Cell(1.0));  // a text that looks like a number is not the number
    CHECK_FALSE(Cell(1.0) == Cell::boolean(true));
    CHECK_FALSE(Cell() == Cell(""));
    CHECK(Cell(0.0) == Cell(-0.0));
    CHECK_FALSE(Cell(std::numeric_limits<double>::quiet_NaN()) == Cell(std::numeric_limits<double>::quiet_NaN()));
    CHECK(Cell::boolean(false) == Cell::boolean(false));
    CHECK_FALSE(Cell::boolean(false) == Cell::boolean(true));
}
