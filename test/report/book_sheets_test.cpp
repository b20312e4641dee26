// Multi-sheet books (write_xlsx_sheets), reading only the first sheet, and
// reading CSV results back (read_csv).
#include <catch2/catch.hpp>

#include <fstream>
#include <limits>

#include "report/csv_reader.hpp"
#include "report/csv_writer.hpp"
#include "report/xlsx_reader.hpp"
#include "report/xlsx_writer.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::report::Cell;
using msprobe::report::NamedTable;
using msprobe::report::read_xlsx;
using msprobe::report::Table;

namespace {

Table numbered(const std::string& column, std::size_t rows) {
    Table table;
    table.header = {"NPU Name", column};
    for (std::size_t r = 0; r < rows; ++r) table.rows.push_back({"api." + std::to_string(r), static_cast<double>(r)});
    return table;
}

}  // namespace

TEST_CASE("write_xlsx_sheets writes one named sheet per table, in order", "[xlsx_sheets]") {
    const auto path = msprobe::testing::scratch_dir("xlsx_sheets") / "book.xlsx";
    Table with_gaps;
    with_gaps.header = {"NPU Name", "rank0", "rank1"};
    with_gaps.rows = {{"a", Cell::boolean(true), Cell()}, {"b", Cell(), "NPU:N/A  Bench:N/A"}};
    msprobe::report::write_xlsx_sheets({{"Max diff", numbered("rank0", 2)}, {"Requires_grad Consistent", with_gaps}},
                                       path);
    const auto book = read_xlsx(path.string());
    REQUIRE(book.sheets.size() == 2);
    CHECK(book.sheets[0].name == "Max diff");
    CHECK(book.sheets[0].rows == std::vector<std::vector<Cell>>{{"NPU Name", "rank0"}, {"api.0", 0.0}, {"api.1", 1.0}});
    CHECK(book.sheets[1].name == "Requires_grad Consistent");
    CHECK(book.sheets[1].rows == std::vector<std::vector<Cell>>{{"NPU Name", "rank0", "rank1"},
                                                                {"a", Cell::boolean(true)},
                                                                {"b", Cell(), "NPU:N/A  Bench:N/A"}});

    const auto first = msprobe::report::read_first_xlsx_sheet(path.string());
    CHECK(first.name == "Max diff");
    CHECK(first.rows == book.sheets[0].rows);
}

TEST_CASE("write_xlsx_sheets splits a long table into {name}_part_{k}", "[xlsx_sheets]") {
    const auto path = msprobe::testing::scratch_dir("xlsx_sheets_split") / "book.xlsx";
    msprobe::report::detail::write_xlsx_sheets({{"Cosine", numbered("rank0", 25)}, {"EucDist", numbered("rank0", 3)}},
                                               path, 10);
    const auto book = read_xlsx(path.string());
    REQUIRE(book.sheets.size() == 4);
    CHECK(book.sheets[0].name == "Cosine_part_0");
    CHECK(book.sheets[2].name == "Cosine_part_2");
    CHECK(book.sheets[2].rows.size() == 8);  // header + 7 of ceil(25 / 3) = 9 per part
    CHECK(book.sheets[2].rows[1] == std::vector<Cell>{"api.18", 18.0});
    CHECK(book.sheets[3].name == "EucDist");
}

TEST_CASE("read_csv reads back what write_csv wrote", "[csv_reader]") {
    const auto path = msprobe::testing::scratch_dir("csv_reader") / "result.csv";
    Table table;
    table.header = {"NPU Name", "value", "flag", "text"};
    table.rows = {{"a,b", 0.1, Cell::boolean(false), "say \"hi\"\nthere"},
                  {"c", -1.5e-07, Cell::boolean(true), "N/A"},
                  {"d", Cell(), Cell(), "inf"},
                  {"e", 1e+20, "12.5%", "[2, 3]"}};
    msprobe::report::write_csv(table, msprobe::report::CellRendering::Plain, path);
    const auto csv = msprobe::report::read_csv(path.string());
    CHECK(csv.header == table.header);
    REQUIRE(csv.rows.size() == 4);
    CHECK(csv.rows[0] == std::vector<Cell>{"a,b", 0.1, Cell::boolean(false), "say \"hi\"\nthere"});
    CHECK(csv.rows[1] == std::vector<Cell>{"c", -1.5e-07, Cell::boolean(true), "N/A"});
    CHECK(csv.rows[2] == std::vector<Cell>{"d", Cell(), Cell(), "inf"});
    CHECK(csv.rows[3] == std::vector<Cell>{"e", 1e+20, "12.5%", "[2, 3]"});
}

TEST_CASE("read_csv refuses an unclosed quote", "[csv_reader]") {
    const auto path = msprobe::testing::scratch_dir("csv_reader_bad") / "result.csv";
    std::ofstream(path) << "NPU Name,x\n\"open,1\n";
    CHECK_THROWS_WITH(msprobe::report::read_csv(path.string()), Catch::Contains("quoted field is not closed"));
}
