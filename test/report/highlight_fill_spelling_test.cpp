// The two spellings of the -hl fills in styles.xml: opaque ARGB by default,
// msprobe's bytes (yellow with alpha 00, background the same colour) for
// --strict_compat (docs/compatibility.md row 98). Read back from the zip.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "report/xlsx_reader.hpp"
#include "report/xlsx_writer.hpp"
#include "support/shared_fixtures.hpp"
#include "support/zip_inspection.hpp"

namespace fs = std::filesystem;
using namespace msprobe::report;

namespace {

Table red_and_yellow_rows() {
    Table table;
    table.header = {"NPU Name", "Err_message"};
    table.rows = {{Cell("a"), Cell("red rule")}, {Cell("b"), Cell("yellow rule")}, {Cell("c"), Cell("")}};
    table.fills = {RowFill::Red, RowFill::Yellow, RowFill::None};
    return table;
}

std::string styles_xml(const fs::path& book) {
    const auto zip = msprobe::testing::inspect_zip(book);
    CHECK(zip.problems.empty());
    const auto it = std::find_if(zip.members.begin(), zip.members.end(),
                                 [](const auto& m) { return m.name == "xl/styles.xml"; });
    REQUIRE(it != zip.members.end());
    return it->data;
}

}  // namespace

TEST_CASE("highlight fills: opaque ARGB by default, msprobe's bytes on request", "[report]") {
    const auto dir = msprobe::testing::scratch_dir("report_fill_spelling");
    const Table table = red_and_yellow_rows();

    write_xlsx(table, CellRendering::Highlight, dir / "ours.xlsx");
    const std::string ours = styles_xml(dir / "ours.xlsx");
    CHECK(ours.find(R"(<fgColor rgb="FFFF0000"/><bgColor indexed="64"/>)") != std::string::npos);
    CHECK(ours.find(R"(<fgColor rgb="FFFFFF00"/><bgColor indexed="64"/>)") != std::string::npos);
    CHECK(ours.find("00FFFF00") == std::string::npos);

    write_xlsx(table, CellRendering::Highlight, dir / "msprobe.xlsx", FillSpelling::Msprobe);
    const std::string msprobe = styles_xml(dir / "msprobe.xlsx");
    CHECK(msprobe.find(R"(<fgColor rgb="FFFF0000"/><bgColor rgb="FFFF0000"/>)") != std::string::npos);
    CHECK(msprobe.find(R"(<fgColor rgb="00FFFF00"/><bgColor rgb="00FFFF00"/>)") != std::string::npos);
    CHECK(msprobe.find("FFFFFF00") == std::string::npos);

    // The rows carry the same styles either way; only the colour bytes differ.
    const auto ours_fills = read_xlsx((dir / "ours.xlsx").string()).sheets.at(0).fills;
    const auto msprobe_fills = read_xlsx((dir / "msprobe.xlsx").string()).sheets.at(0).fills;
    CHECK(ours_fills.at({1, 0}) == "FFFF0000");
    CHECK(ours_fills.at({2, 1}) == "FFFFFF00");
    CHECK(msprobe_fills.at({1, 0}) == "FFFF0000");
    CHECK(msprobe_fills.at({2, 1}) == "00FFFF00");
    CHECK(ours_fills.count({3, 0}) == 0);
    CHECK(msprobe_fills.size() == ours_fills.size());
}
