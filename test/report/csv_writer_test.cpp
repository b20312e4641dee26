// CSV bytes as the result files hold them: RFC 4180 quoting, the workbook's
// number text, formula-like texts guarded, and the run_ut family's BOM and CRLF.
#include <catch2/catch.hpp>

#include <limits>
#include <string>

#include "report/csv_writer.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::report;

namespace {

Table sample_table() {
    Table table;
    table.header = {"Name", "Value", "Note"};
    table.rows = {{Cell("a,b"), Cell(0.1), Cell::boolean(true)},
                  {Cell("say \"hi\""), Cell(std::numeric_limits<double>::quiet_NaN()), Cell()},
                  {Cell("x\ny"), Cell(std::numeric_limits<double>::infinity()), Cell("plain")},
                  {Cell(1.0 / 3.0), Cell(2.0), Cell("-inf")}};
    return table;
}

}  // namespace

TEST_CASE("append_csv_field quotes only what needs quoting", "[report][csv_writer]") {
    std::string line;
    append_csv_field(line, "plain", FormulaCells::Guarded);
    CHECK(line == "plain");
    for (const auto& [field, written] : {std::pair<std::string, std::string>{"a,b", "\"a,b\""},
                                         {"say \"hi\"", "\"say \"\"hi\"\"\""},
                                         {"two\nlines", "\"two\nlines\""},
                                         {"cr\r", "\"cr\r\""},
                                         {"", ""}}) {
        std::string out;
        append_csv_field(out, field, FormulaCells::Guarded);
        CHECK(out == written);
    }
}

TEST_CASE("append_csv_field guards formula-like texts, then quotes", "[report][csv_writer]") {
    for (const auto& [field, written] :
         {std::pair<std::string, std::string>{"=HYPERLINK(\"http://x\",\"y\")",
                                              "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""},
          {"+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"},
          {"@SUM(1)", "'@SUM(1)"},
          {"\tTorch.add.0", "'\tTorch.add.0"},
          {"\r=1", "\"'\r=1\""},
          {"'=x", "''=x"},
          {"-1.5", "-1.5"},
          {"-1e-05", "-1e-05"},
          {"-inf", "-inf"},
          {"-", "'-"}}) {
        std::string guarded;
        append_csv_field(guarded, field, FormulaCells::Guarded);
        CHECK(guarded == written);
    }
    std::string verbatim;
    append_csv_field(verbatim, "=HYPERLINK(\"x\")", FormulaCells::Verbatim);
    CHECK(verbatim == "\"=HYPERLINK(\"\"x\"\")\"");
}

TEST_CASE("write_csv renders the cells as the workbook does", "[report][csv_writer]") {
    const auto dir = msprobe::testing::scratch_dir("csv_writer");
    write_csv(sample_table(), CellRendering::Plain, dir / "plain.csv");
    CHECK(msprobe::testing::read_file_text(dir / "plain.csv") ==
          "Name,Value,Note\n"
          "\"a,b\",0.1,True\n"
          "\"say \"\"hi\"\"\",,\n"
          "\"x\ny\",inf,plain\n"
          "0.3333333333333333,2,-inf\n");
    write_csv(sample_table(), CellRendering::Highlight, dir / "highlight.csv");
    CHECK(msprobe::testing::read_file_text(dir / "highlight.csv") ==
          "Name,Value,Note\n"
          "\"a,b\",0.1,True\n"
          "\"say \"\"hi\"\"\",nan\t,\n"
          "\"x\ny\",inf\t,plain\n"
          "0.3333333333333333,2,-inf\t\n");
}

TEST_CASE("write_csv guards text cells only, unless told to write them verbatim", "[report][csv_writer]") {
    Table table;
    table.header = {"Name", "Value", "Note"};
    table.rows = {{Cell("=1+2"), Cell(-1.5), Cell("-1.5")},
                  {Cell("@SUM(1)"), Cell(-std::numeric_limits<double>::infinity()), Cell("-x")}};
    const auto dir = msprobe::testing::scratch_dir("csv_writer_formulas");
    write_csv(table, CellRendering::Plain, dir / "guarded.csv");
    CHECK(msprobe::testing::read_file_text(dir / "guarded.csv") ==
          "Name,Value,Note\n"
          "'=1+2,-1.5,-1.5\n"
          "'@SUM(1),-inf,'-x\n");
    write_csv(table, CellRendering::Highlight, dir / "highlight.csv");
    CHECK(msprobe::testing::read_file_text(dir / "highlight.csv") ==
          "Name,Value,Note\n"
          "'=1+2,-1.5,-1.5\n"
          "'@SUM(1),-inf\t,'-x\n");
    write_csv(table, CellRendering::Plain, dir / "verbatim.csv", CsvDialect{.formulas = FormulaCells::Verbatim});
    CHECK(msprobe::testing::read_file_text(dir / "verbatim.csv") ==
          "Name,Value,Note\n"
          "=1+2,-1.5,-1.5\n"
          "@SUM(1),-inf,-x\n");
}

TEST_CASE("the run_ut dialect starts with a BOM and ends rows with CRLF", "[report][csv_writer]") {
    Table table;
    table.header = {"A", "B"};
    table.rows = {{Cell("x"), Cell(1.5)}};
    const auto path = msprobe::testing::scratch_dir("csv_writer_dialect") / "r.csv";
    write_csv(table, CellRendering::Plain, path, CsvDialect{true, true});
    CHECK(msprobe::testing::read_file_text(path) == "\xEF\xBB\xBF" "A,B\r\nx,1.5\r\n");
}
