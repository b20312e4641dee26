// August msprobe's result files: CSV renderings, names, parts, and the workbook.
#include <catch2/catch.hpp>

#include <limits>

#include "verdict_compare/verdict_table_writer.hpp"
#include "report/xlsx_reader.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::compare;
using msprobe::report::Cell;
using msprobe::testing::read_file_text;

namespace {

VerdictTable table_with_rows(std::size_t rows) {
    VerdictTable t;
    t.result.table.header = {"NPU Name", "Max diff", "NPU max"};
    for (std::size_t r = 0; r < rows; ++r) {
        t.result.table.rows.push_back({Cell("row" + std::to_string(r)), Cell("0.5"), Cell(static_cast<double>(r))});
    }
    t.integer_cells.assign(rows, std::uint64_t{1} << 2);
    return t;
}

}  // namespace

TEST_CASE("august csv writes Python's renderings of every cell") {
    const double inf = std::numeric_limits<double>::infinity();
    VerdictTable t;
    t.result.table.header = {"int", "float", "repr", "+inf", "-inf", "nan", "bool", "text", "quoted", "empty"};
    t.result.table.rows.push_back({Cell(1.0), Cell(1.0), Cell(0.1 + 0.2), Cell(inf), Cell(-inf),
                                   Cell(std::numeric_limits<double>::quiet_NaN()), Cell::boolean(false), Cell("inf"),
                                   Cell(R"(["error: a", "b"])"), Cell()});
    t.integer_cells = {1};
    CHECK(python_csv_text(t, 0, 1) ==
          "int,float,repr,+inf,-inf,nan,bool,text,quoted,empty\n"
          "1,1.0,0.30000000000000004, inf, -inf,,False,inf,\"[\"\"error: a\"\", \"\"b\"\"]\",\n");
}

TEST_CASE("august csv guards formula-like texts, never a number, unless told to write them verbatim") {
    VerdictTable t;
    t.result.table.header = {"NPU Name", "Min diff", "NPU min", "Note"};
    t.result.table.rows.push_back({Cell("@SUM(1).0.forward.input.0"), Cell("-0.5"), Cell(-1.5), Cell("-x")});
    t.integer_cells = {0};
    CHECK(python_csv_text(t, 0, 1) == "NPU Name,Min diff,NPU min,Note\n'@SUM(1).0.forward.input.0,-0.5,-1.5,'-x\n");
    CHECK(python_csv_text(t, 0, 1, msprobe::report::FormulaCells::Verbatim) ==
          "NPU Name,Min diff,NPU min,Note\n@SUM(1).0.forward.input.0,-0.5,-1.5,-x\n");
}

TEST_CASE("august result names follow the pair kind, rank and format") {
    CHECK(verdict_result_name(false, "", "20261126054952", OutputFormat::Csv) == "compare_result_20261126054952.csv");
    CHECK(verdict_result_name(false, "rank0", "20261126054952", OutputFormat::Xlsx) ==
          "compare_result_rank0_20261126054952.xlsx");
    CHECK(verdict_result_name(true, "proc12", "20261126054952", OutputFormat::Csv) ==
          "debug_compare_result_proc12_20261126054952.csv");
}

TEST_CASE("august csv is one file up to the part size, numbered parts above it") {
    const fs::path dir = msprobe::testing::scratch_dir("august_csv_parts");
    const auto single = detail::write_python_csv(table_with_rows(2), dir / "one.csv", 2);
    REQUIRE(single == std::vector<fs::path>{dir / "one.csv"});
    CHECK(read_file_text(single[0]) == "NPU Name,Max diff,NPU max\nrow0,0.5,0\nrow1,0.5,1\n");

    const auto parts = detail::write_python_csv(table_with_rows(5), dir / "compare_result_1.csv", 2);
    REQUIRE(parts.size() == 3);
    CHECK(parts[0] == dir / "compare_result_1_part_1.csv");
    CHECK(parts[2] == dir / "compare_result_1_part_3.csv");
    CHECK(read_file_text(parts[1]) == "NPU Name,Max diff,NPU max\nrow2,0.5,2\nrow3,0.5,3\n");
    CHECK(read_file_text(parts[2]) == "NPU Name,Max diff,NPU max\nrow4,0.5,4\n");
    CHECK_FALSE(fs::exists(dir / "compare_result_1.csv"));
}

TEST_CASE("august result replaces a file of the same name") {
    const fs::path dir = msprobe::testing::scratch_dir("august_csv_replace");
    msprobe::testing::write_file(dir / "r.csv", "old");
    write_verdict_table(table_with_rows(1), dir / "r.csv", OutputFormat::Csv);
    CHECK(read_file_text(dir / "r.csv") == "NPU Name,Max diff,NPU max\nrow0,0.5,0\n");
}

TEST_CASE("august workbook keeps diff texts as text cells and numbers as numbers") {
    const fs::path dir = msprobe::testing::scratch_dir("august_xlsx");
    const auto written = write_verdict_table(table_with_rows(2), dir / "r.xlsx", OutputFormat::Xlsx);
    REQUIRE(written.size() == 1);
    const auto book = msprobe::report::read_xlsx(written[0].string());
    REQUIRE(book.sheets.size() == 1);
    CHECK(book.sheets[0].name == "Sheet1");
    CHECK(book.sheets[0].rows[2][1] == Cell("0.5"));
    CHECK(book.sheets[0].rows[2][2] == Cell(1.0));
}
