// Workbooks and CSVs that are small on disk but would expand to GBs in
// memory, or whose row and cell numbers overflow: each is refused with an
// msprobe::Error naming the file, before the memory is spent.
#include <zip.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "common/error.hpp"
#include "report/csv_reader.hpp"
#include "report/xlsx_reader.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using Catch::Contains;
using msprobe::report::read_csv;
using msprobe::report::read_csv_records;
using msprobe::report::read_xlsx;

namespace {

// A minimal package (workbook, its relationships, one sheet, optional shared
// strings), every part deflated by libzip.
fs::path write_book(const std::string& name, const std::string& sheet_data, const std::string& shared_strings = {}) {
    const fs::path file = msprobe::testing::scratch_dir("hostile_book") / (name + ".xlsx");
    std::map<std::string, std::string> parts;
    parts["xl/workbook.xml"] =
        R"(<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">)"
        R"(<sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>)";
    std::string rels = R"(<Relationships><Relationship Id="rId1" Type="x/worksheet" Target="worksheets/sheet1.xml"/>)";
    if (!shared_strings.empty()) {
        rels += R"(<Relationship Id="rId2" Type="x/sharedStrings" Target="sharedStrings.xml"/>)";
        parts["xl/sharedStrings.xml"] = shared_strings;
    }
    parts["xl/_rels/workbook.xml.rels"] = rels + "</Relationships>";
    parts["xl/worksheets/sheet1.xml"] = "<worksheet><sheetData>" + sheet_data + "</sheetData></worksheet>";
    int code = 0;
    zip_t* archive = zip_open(file.string().c_str(), ZIP_CREATE | ZIP_TRUNCATE, &code);
    REQUIRE(archive != nullptr);
    for (const auto& [member, text] : parts) {
        zip_source_t* source = zip_source_buffer(archive, text.data(), text.size(), 0);
        REQUIRE(zip_file_add(archive, member.c_str(), source, ZIP_FL_ENC_UTF_8) >= 0);
    }
    REQUIRE(zip_close(archive) == 0);  // compresses while the texts are alive
    return file;
}

std::string row(const std::string& r, const std::string& cells = R"(<c t="inlineStr"><is><t>x</t></is></c>)") {
    return "<row r=\"" + r + "\">" + cells + "</row>";
}

fs::path write_text_file(const std::string& name, const std::string& text) {
    const fs::path file = msprobe::testing::scratch_dir("hostile_csv") / name;
    std::ofstream(file, std::ios::binary) << text;
    return file;
}

}  // namespace

TEST_CASE("a well-formed minimal book reads", "[xlsx][hostile]") {
    const auto book = read_xlsx(write_book("plain", row("1") + row("3", R"(<c r="B3" t="s"><v>0</v></c>)"),
                                           "<sst><si><t>shared</t></si></sst>").string());
    REQUIRE(book.sheets.size() == 1);
    const auto& rows = book.sheets[0].rows;
    REQUIRE(rows.size() == 3);
    CHECK(rows[0][0].text() == "x");
    CHECK(rows[1].empty());
    CHECK(rows[2][1].text() == "shared");
}

TEST_CASE("row numbers and cell references out of Excel's range are refused, not overflowed", "[xlsx][hostile]") {
    for (const std::string r :
         {"-2147483648", "2147483648", "0", "1048577", "99999999999999999999", "1e3", "+5", " 7", ""}) {
        INFO("r=\"" << r << "\"");
        CHECK_THROWS_WITH(read_xlsx(write_book("bad_row", row(r)).string()),
                          Contains("hostile_book") && Contains("row number out of range (1 to 1048576)"));
    }
    for (const std::string ref : {"A-5", "A0", "A1048577", "A99999999999999999999", "1A", "-A1"}) {
        INFO(ref);
        CHECK_THROWS_WITH(read_xlsx(write_book("bad_ref", row("1", "<c r=\"" + ref + "\"><v>1</v></c>")).string()),
                          Contains("cell " + ref + ": bad cell reference"));
    }
    CHECK_THROWS_WITH(read_xlsx(write_book("bad_column", row("1", R"(<c r="XFE1"><v>1</v></c>)")).string()),
                      Contains("cell XFE1: column out of range (A to XFD)"));
    // Rows without r follow the previous one, and may not run past the last row either.
    CHECK_THROWS_WITH(read_xlsx(write_book("implicit_row", row("1048576") + "<row><c><v>1</v></c></row>").string()),
                      Contains("row 1048577: row number out of range"));
    CHECK(read_xlsx(write_book("last_row", row("1048576", R"(<c r="XFD1048576"><v>1</v></c>)")).string())
              .sheets[0].rows.back().size() == 16384);
}

TEST_CASE("a deflated sheet of a hundred MB in a small file is refused before it is inflated", "[xlsx][hostile]") {
    const std::string filler(80u << 20, ' ');
    const fs::path book = write_book("zip_bomb", row("1") + filler);
    CHECK(fs::file_size(book) < (1u << 20));
    CHECK_THROWS_WITH(read_xlsx(book.string()),
                      Contains(book.string() + ": zip member xl/worksheets/sheet1.xml of 83886") &&
                          Contains("expands the workbook beyond 67108864 bytes (100 times its size, at least 64 MiB)"));
}

TEST_CASE("one long shared string referenced by many cells is refused", "[xlsx][hostile]") {
    const std::string sst = "<sst><si><t>" + std::string(1u << 20, 'a') + "</t></si></sst>";
    std::string cells;
    for (int i = 0; i < 100; ++i) cells += R"(<c t="s"><v>0</v></c>)";
    CHECK_THROWS_WITH(read_xlsx(write_book("shared_string_bomb", row("1", cells), sst).string()),
                      Contains("a shared string of 1048576 bytes, expands the workbook beyond"));
}

TEST_CASE("cells far to the right in many rows do not pad the sheet without bound", "[xlsx][hostile]") {
    std::string rows;
    // 16,384 cells of 16 bytes per row: 400 rows reach 100 MiB, beyond the 64 MiB floor.
    for (int r = 1; r <= 400; ++r) rows += row(std::to_string(r), "<c r=\"XFD" + std::to_string(r) + "\"><v>1</v></c>");
    CHECK_THROWS_WITH(read_xlsx(write_book("padding_bomb", rows).string()), Contains("expands the workbook beyond"));
}

TEST_CASE("CSV records wider or more numerous than a sheet are refused", "[csv_reader][hostile]") {
    const fs::path commas = write_text_file("commas.csv", std::string(1u << 20, ','));
    CHECK_THROWS_WITH(read_csv_records(commas.string()),
                      commas.string() + ": line 1: more than 16384 fields in one record");
    CHECK_THROWS_WITH(read_csv(commas.string()), Contains("more than 16384 fields in one record"));

    std::string many;
    for (int i = 0; i < 1048578; ++i) many += "a\n";
    const fs::path tall = write_text_file("tall.csv", many);
    CHECK_THROWS_WITH(read_csv_records(tall.string()), tall.string() + ": more than 1048577 records");
}

TEST_CASE("CSV blank lines are skipped, as pandas does, and cost nothing", "[csv_reader][hostile]") {
    const fs::path blank = write_text_file("newlines.csv", std::string(4u << 20, '\n'));
    CHECK(read_csv_records(blank.string()).empty());
    CHECK(read_csv(blank.string()).header.empty());
    const fs::path spaced = write_text_file("spaced.csv", "a,b\r\n\r\n1,2\n\n\n3,4");
    const auto records = read_csv_records(spaced.string());
    REQUIRE(records.size() == 3);
    CHECK(records[2] == std::vector<std::string>{"3", "4"});
}

TEST_CASE("a result CSV row wider than its header is refused with its line", "[csv_reader][hostile]") {
    const fs::path wide = write_text_file("wide.csv", "NPU Name,MaxAbsErr\na,1\n\nb,2,3\n");
    CHECK_THROWS_WITH(read_csv(wide.string()), wide.string() + ": line 4: 3 fields, the header has 2");
}

TEST_CASE("a malformed sheet is refused naming the file, the part and the byte, read whole or by rows",
          "[xlsx][hostile]") {
    const fs::path book = write_book("malformed_sheet", row("1") + "<row r=\"2\"><c><v>1</v></row>");
    const std::string expected = book.string() + ": xl/worksheets/sheet1.xml: malformed XML at byte ";
    CHECK_THROWS_WITH(read_xlsx(book.string()), Contains(expected) && Contains("mismatched tag"));
    std::vector<int> rows_seen;
    const auto note_row = [&](int index, std::vector<msprobe::report::Cell>&) { rows_seen.push_back(index); };
    CHECK_THROWS_WITH(msprobe::report::read_first_xlsx_sheet_rows(book.string(), note_row),
                      Contains(expected) && Contains("mismatched tag"));
    CHECK(rows_seen == std::vector<int>{0});  // the row before the fault was handed on
}

TEST_CASE("a sheet that declares entities is refused before any is expanded", "[xlsx][hostile]") {
    const fs::path file = msprobe::testing::scratch_dir("hostile_book") / "entities.xlsx";
    const fs::path plain = write_book("entities_base", row("1"));
    // The same package with a sheet that defines a growing entity (a "billion laughs").
    const std::string sheet = R"(<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa">)"
                              R"(<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>)"
                              R"(<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>&b;</t></is></c></row>)"
                              R"(</sheetData></worksheet>)";
    fs::copy_file(plain, file, fs::copy_options::overwrite_existing);
    int code = 0;
    zip_t* archive = zip_open(file.string().c_str(), 0, &code);
    REQUIRE(archive != nullptr);
    zip_source_t* source = zip_source_buffer(archive, sheet.data(), sheet.size(), 0);
    REQUIRE(zip_file_add(archive, "xl/worksheets/sheet1.xml", source, ZIP_FL_OVERWRITE | ZIP_FL_ENC_UTF_8) >= 0);
    REQUIRE(zip_close(archive) == 0);
    CHECK_THROWS_WITH(read_xlsx(file.string()), Contains(file.string() + ": sheet \"S\" part: declares an entity"));
}
