// The first sheet of a book and a CSV read a row at a time: the rows are those
// the whole-book reader and the writers give, whatever falls on a chunk
// boundary of the inflated sheet or of the file.
#include <xlsxwriter.h>

#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "report/csv_reader.hpp"
#include "report/csv_writer.hpp"
#include "report/xlsx_reader.hpp"
#include "report/xlsx_writer.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::report::Cell;
using msprobe::report::Table;
using Rows = std::vector<std::vector<Cell>>;

namespace {

// Enough rows for a sheet and a CSV of several MiB: texts that need escaping, numbers, booleans, gaps.
Table generated_table(std::size_t rows) {
    Table table;
    table.header = {"NPU Name", "Max diff", "Result", "Flag", "Err_message"};
    for (std::size_t r = 0; r < rows; ++r) {
        const std::string name =
            "Functional.op_" + std::to_string(r % 97) + "." + std::to_string(r) + ".forward.output.0";
        std::vector<Cell> row = {name, static_cast<double>(r) * 0.25, r % 3 == 0 ? Cell("N/A") : Cell("pass")};
        if (r % 5 != 0) {
            row.push_back(Cell::boolean(r % 2 == 0));
            row.push_back(r % 11 == 0 ? Cell("a, \"quoted\" <text> & more,\nover two lines") : Cell());
        }
        table.rows.push_back(std::move(row));
    }
    return table;
}

// A row as a sheet lists it: trailing empty cells are not written.
std::vector<Cell> listed(std::vector<Cell> row) {
    while (!row.empty() && row.back().is_empty()) row.pop_back();
    return row;
}

// Rows collected from the row reader, each at its index.
Rows sheet_rows(const fs::path& book) {
    Rows rows;
    msprobe::report::read_first_xlsx_sheet_rows(book.string(), [&](int index, std::vector<Cell>& cells) {
        if (rows.size() <= static_cast<std::size_t>(index)) rows.resize(static_cast<std::size_t>(index) + 1);
        rows[static_cast<std::size_t>(index)] = std::move(cells);
    });
    return rows;
}

// A CSV's data rows and header from the row reader.
std::pair<std::vector<std::string>, Rows> csv_rows(const fs::path& file) {
    std::pair<std::vector<std::string>, Rows> out;
    msprobe::report::read_csv_rows(
        file.string(), [&](std::vector<std::string>& header) { out.first = header; },
        [&](std::vector<Cell>& cells) { out.second.push_back(std::move(cells)); });
    return out;
}

}  // namespace

TEST_CASE("the first sheet read row by row is the sheet the whole reader reads", "[xlsx_reader][sheet_rows]") {
    const Table table = generated_table(40000);
    const auto book = msprobe::testing::scratch_dir("sheet_rows_book") / "book.xlsx";
    msprobe::report::write_xlsx(table, msprobe::report::CellRendering::Plain, book);
    const Rows rows = sheet_rows(book);
    CHECK(rows == msprobe::report::read_first_xlsx_sheet(book.string()).rows);
    REQUIRE(rows.size() == table.rows.size() + 1);
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        CAPTURE(r);
        CHECK(rows[r + 1] == listed(table.rows[r]));
    }
    CHECK(rows[0][0] == Cell("NPU Name"));
}

TEST_CASE("the rows of a book with shared strings and a second sheet are the first sheet's",
          "[xlsx_reader][sheet_rows]") {
    const auto book = msprobe::testing::scratch_dir("sheet_rows_shared") / "shared.xlsx";
    lxw_workbook* workbook = workbook_new(book.string().c_str());
    lxw_worksheet* first = workbook_add_worksheet(workbook, "first");
    lxw_worksheet* second = workbook_add_worksheet(workbook, "second");
    for (int r = 0; r < 3000; ++r) {
        worksheet_write_string(first, r, 0, ("name_" + std::to_string(r % 40)).c_str(), nullptr);
        worksheet_write_number(first, r, 2, r * 0.5, nullptr);
        if (r % 7 == 0) worksheet_write_boolean(first, r, 3, r % 2, nullptr);
    }
    worksheet_write_string(second, 0, 0, "not read", nullptr);
    REQUIRE(workbook_close(workbook) == LXW_NO_ERROR);
    const Rows rows = sheet_rows(book);
    CHECK(rows == msprobe::report::read_first_xlsx_sheet(book.string()).rows);
    REQUIRE(rows.size() == 3000);
    CHECK(rows[41] == std::vector<Cell>{"name_1", Cell(), 20.5});
    CHECK(rows[42] == std::vector<Cell>{"name_2", Cell(), 21.0, Cell::boolean(false)});
}

TEST_CASE("a CSV read row by row holds what write_csv wrote", "[csv_reader][sheet_rows]") {
    const Table table = generated_table(60000);
    const auto file = msprobe::testing::scratch_dir("sheet_rows_csv") / "result.csv";
    msprobe::report::write_csv(table, msprobe::report::CellRendering::Plain, file);
    REQUIRE(fs::file_size(file) > (std::uintmax_t{3} << 20));  // several chunks
    const auto [header, rows] = csv_rows(file);
    CHECK(header == table.header);
    REQUIRE(rows.size() == table.rows.size());
    for (std::size_t r = 0; r < rows.size(); ++r) {
        CAPTURE(r);
        REQUIRE(rows[r] == table.rows[r]);
    }
    CHECK(msprobe::report::read_csv(file.string()).rows == rows);
}

TEST_CASE("a CSV's line end and doubled quote split by a chunk boundary read as one", "[csv_reader][sheet_rows]") {
    constexpr std::size_t kChunk = std::size_t{1} << 20;
    for (const std::string& split : {std::string("\r\n"), std::string("\"\"")}) {
        // The header, then one field of filler that ends just before the chunk boundary, then the pair.
        std::string text = "\xEF\xBB\xBFName,Value\r\n";
        const bool quote = split == "\"\"";
        text += quote ? "\"" : "";
        text += std::string(kChunk - 1 - text.size(), 'x');
        text += split;
        text += quote ? "tail\",1\r\nlast,2\r\n" : "last,2\r\n";
        REQUIRE(text.substr(kChunk - 1, 2) == split);
        const auto file = msprobe::testing::scratch_dir("sheet_rows_boundary") / (quote ? "quote.csv" : "crlf.csv");
        std::ofstream(file, std::ios::binary) << text;
        const auto [header, rows] = csv_rows(file);
        CHECK(header == std::vector<std::string>{"Name", "Value"});
        REQUIRE(rows.size() == 2);
        if (quote) {
            CHECK(rows[0][0].text().substr(rows[0][0].text().size() - 5) == "\"tail");
            CHECK(rows[0][1] == Cell(1.0));
        } else {
            CHECK(rows[0].size() == 1);
            CHECK(rows[0][0].text().size() == kChunk - 1 - std::string("\xEF\xBB\xBFName,Value\r\n").size());
        }
        CHECK(rows[1] == std::vector<Cell>{"last", 2.0});
    }
}

TEST_CASE("the row readers name the file and what is wrong", "[csv_reader][sheet_rows]") {
    const auto dir = msprobe::testing::scratch_dir("sheet_rows_errors");
    const auto wide = dir / "wide.csv";
    std::ofstream(wide, std::ios::binary) << "A,B\n1,2\n1,2,3\n";
    std::vector<Rows::value_type> seen;
    CHECK_THROWS_WITH(msprobe::report::read_csv_rows(
                          wide.string(), [](std::vector<std::string>&) {},
                          [&](std::vector<Cell>& cells) { seen.push_back(cells); }),
                      wide.string() + ": line 3: 3 fields, the header has 2");
    CHECK(seen == Rows{{1.0, 2.0}});  // the rows before the fault were handed on
    const auto not_book = dir / "not_a_book.xlsx";
    std::ofstream(not_book, std::ios::binary) << "A,B\n";
    CHECK_THROWS_WITH(msprobe::report::read_first_xlsx_sheet_rows(not_book.string(), [](int, std::vector<Cell>&) {}),
                      Catch::StartsWith(not_book.string() + ": not a readable .xlsx (zip) file"));
}
