// The .xlsx writer: every cell kind and fill under both renderings, the
// header style, the sheet split, the zip records, and the number texts, all
// read back with read_xlsx (libzip + pugixml) and a hand zip parser (zlib).
#include "report/xlsx_writer.hpp"

#include <bit>
#include <catch2/catch.hpp>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <pugixml.hpp>
#include <random>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "report/cell_text.hpp"
#include "report/worksheet_xml.hpp"
#include "report/xlsx_reader.hpp"
#include "support/shared_fixtures.hpp"
#include "support/zip_inspection.hpp"

namespace fs = std::filesystem;
using msprobe::report::Cell;
using msprobe::report::CellRendering;
using msprobe::report::read_xlsx;
using msprobe::report::RowFill;
using msprobe::report::SheetContents;
using msprobe::report::Table;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
const std::string kRed = "FFFF0000";
const std::string kYellow = "FFFFFF00";

std::string describe(const Cell& cell) {
    if (cell.is_number()) return "number " + std::to_string(cell.number());
    if (cell.is_bool()) return cell.boolean_value() ? "bool true" : "bool false";
    if (cell.is_text()) return "text \"" + std::string(cell.text()) + "\"";
    return "empty";
}

// 20000 two-byte characters: the 32767-byte cut falls inside one of them.
const std::string kLongText = [] {
    std::string text;
    for (int i = 0; i < 20000; ++i) text += "\xc3\xa9";
    return text;
}();

std::vector<Cell> texts_row() {
    return {"tab\there",
            "line\nfeed",
            "carriage\rreturn",
            "crlf\r\n",
            "ctrl\x01\x02\x1f\x7f",
            std::string("nul\0byte", 8),
            "_x0041_ looks escaped",
            "_x005F_ and _x000D_ too, x_ and _",
            "&<>\"' entities",
            "UTF-8 \xe4\xb8\xad\xe6\x96\x87 \xf0\x9f\x98\x80",
            "",
            " ",
            "  padded  ",
            "inf",
            "nan",
            kLongText};
}

std::vector<Cell> numbers_row() {
    return {0.0, -0.0, 1e-300, 1e300, 0.1, 2.0 / 3.0, kInf, -kInf, std::nan(""), 5e-324, -DBL_MIN, -123456789.125};
}

// A number as the book keeps it: 16 significant digits.
double stored(double value) { return std::strtod(msprobe::report::number_text(value).c_str(), nullptr); }

std::vector<Cell> booleans_row() { return {Cell::boolean(true), Cell::boolean(false), Cell(), "x", Cell()}; }

// Every kind of cell, unfilled and filled.
Table every_kind_table() {
    Table table;
    table.header = {"Name", "", "Value & <more>", "tab\t"};
    table.rows = {texts_row(), numbers_row(), booleans_row(), {Cell(), Cell()},
                  texts_row(), numbers_row(), booleans_row(), {Cell(), Cell(), Cell()}};
    table.fills = {RowFill::None, RowFill::None,   RowFill::None, RowFill::None,
                   RowFill::Red,  RowFill::Yellow, RowFill::Red,  RowFill::Yellow};
    return table;
}

// What read_xlsx must give for each row of every_kind_table(), by rendering.
std::vector<Cell> expected_texts(CellRendering rendering) {
    auto cells = texts_row();
    cells[10] = Cell();  // an empty text is no cell
    cells[13] = rendering == CellRendering::Highlight ? Cell("inf\t") : Cell("inf");
    cells[14] = rendering == CellRendering::Highlight ? Cell("nan\t") : Cell("nan");
    cells[15] = Cell(kLongText.substr(0, 32766));
    return cells;
}

std::vector<Cell> expected_numbers(CellRendering rendering) {
    auto cells = numbers_row();
    for (auto& cell : cells) cell = stored(cell.number());
    const bool highlight = rendering == CellRendering::Highlight;
    cells[6] = highlight ? Cell("inf\t") : Cell("inf");
    cells[7] = highlight ? Cell("-inf\t") : Cell("-inf");
    cells[8] = highlight ? Cell("nan\t") : Cell();
    return cells;
}

std::vector<Cell> expected_booleans(CellRendering rendering, bool filled) {
    std::vector<Cell> cells = rendering == CellRendering::Highlight
                                  ? std::vector<Cell>{"True", "False", Cell(), "x", Cell()}
                                  : std::vector<Cell>{Cell::boolean(true), Cell::boolean(false), Cell(), "x", Cell()};
    if (!filled) cells.pop_back();  // read_xlsx does not pad rows; a filled blank is a cell
    return cells;
}

void check_rows(const SheetContents& sheet, const std::vector<std::vector<Cell>>& expected) {
    REQUIRE(sheet.rows.size() == expected.size());
    for (std::size_t row = 0; row < expected.size(); ++row) {
        INFO("sheet " << sheet.name << ", row " << row + 1);
        REQUIRE(sheet.rows[row].size() == expected[row].size());
        for (std::size_t column = 0; column < expected[row].size(); ++column) {
            const Cell& got = sheet.rows[row][column];
            INFO("column " << column + 1 << ": got " << describe(got) << ", expected "
                           << describe(expected[row][column]));
            CHECK(got == expected[row][column]);
            if (got.is_number() && expected[row][column].is_number()) {
                CHECK(std::signbit(got.number()) == std::signbit(expected[row][column].number()));
            }
        }
    }
}

std::string member_text(const msprobe::testing::ZipInspection& zip, const std::string& name) {
    for (const auto& member : zip.members) {
        if (member.name == name) return member.data;
    }
    FAIL("no member " << name);
    return {};
}

std::string problems_of(const msprobe::testing::ZipInspection& inspection) {
    std::string all;
    for (const auto& problem : inspection.problems) all += problem + "\n";
    return all;
}

}  // namespace

TEST_CASE("write_xlsx writes every kind of cell and fill as read_xlsx reads it back", "[xlsx_writer]") {
    const auto rendering = GENERATE(CellRendering::Plain, CellRendering::Highlight);
    const bool highlight = rendering == CellRendering::Highlight;
    INFO((highlight ? "highlight" : "plain") << " rendering");
    const auto path = msprobe::testing::scratch_dir("xlsx_writer_kinds") / "kinds.xlsx";
    const Table table = every_kind_table();
    msprobe::report::write_xlsx(table, rendering, path);

    const auto book = read_xlsx(path.string());
    REQUIRE(book.sheets.size() == 1);
    const SheetContents& sheet = book.sheets[0];
    CHECK(sheet.name == (highlight ? "Sheet" : "Sheet1"));
    check_rows(sheet, {{"Name", Cell(), "Value & <more>", "tab\t"},
                       expected_texts(rendering),
                       expected_numbers(rendering),
                       expected_booleans(rendering, false),
                       {},
                       expected_texts(rendering),
                       expected_numbers(rendering),
                       expected_booleans(rendering, true),
                       {Cell(), Cell(), Cell()}});

    // Every cell of a filled row carries the fill, blank ones included; nothing else does.
    std::map<std::pair<int, int>, std::string> fills;
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const std::string colour = table.fills[r] == RowFill::Red      ? kRed
                                   : table.fills[r] == RowFill::Yellow ? kYellow
                                                                       : "";
        if (colour.empty()) continue;
        for (std::size_t c = 0; c < table.rows[r].size(); ++c) {
            fills[{static_cast<int>(r + 1), static_cast<int>(c)}] = colour;
        }
    }
    CHECK(sheet.fills == fills);

    const auto zip = msprobe::testing::inspect_zip(path);
    INFO(problems_of(zip));
    CHECK(zip.problems.empty());
}

TEST_CASE("write_xlsx escapes texts the way Excel reads them", "[xlsx_writer]") {
    const auto path = msprobe::testing::scratch_dir("xlsx_writer_escapes") / "escapes.xlsx";
    Table table;
    table.header = {"h"};
    table.rows = {{"a\rb", "_x0041_", "\x01", "  padded  ", "plain", "<&>"}};
    msprobe::report::write_xlsx(table, CellRendering::Plain, path);
    const std::string sheet = member_text(msprobe::testing::inspect_zip(path), "xl/worksheets/sheet1.xml");
    CHECK_THAT(sheet, Catch::Contains("<t>a&#13;b</t>"));  // a literal CR would read back as LF
    CHECK_THAT(sheet, Catch::Contains("<t>_x005F_x0041_</t>"));
    CHECK_THAT(sheet, Catch::Contains("<t>_x0001_</t>"));
    CHECK_THAT(sheet, Catch::Contains("<t xml:space=\"preserve\">  padded  </t>"));
    CHECK_THAT(sheet, Catch::Contains("<t>plain</t>"));
    CHECK_THAT(sheet, Catch::Contains("<t>&lt;&amp;&gt;</t>"));
}

TEST_CASE("write_xlsx styles the plain header bold, bordered, centred and top-aligned", "[xlsx_writer]") {
    const auto rendering = GENERATE(CellRendering::Plain, CellRendering::Highlight);
    const auto path = msprobe::testing::scratch_dir("xlsx_writer_header") / "header.xlsx";
    Table table;
    table.header = {"A", "B", ""};
    table.rows = {{1.0, 2.0, 3.0}};
    msprobe::report::write_xlsx(table, rendering, path);
    const auto zip = msprobe::testing::inspect_zip(path);

    std::string sheet_xml = member_text(zip, "xl/worksheets/sheet1.xml");
    std::string styles_xml = member_text(zip, "xl/styles.xml");
    pugi::xml_document sheet;
    pugi::xml_document styles;
    REQUIRE(sheet.load_string(sheet_xml.c_str()));
    REQUIRE(styles.load_string(styles_xml.c_str()));
    const auto header = sheet.child("worksheet").child("sheetData").child("row");
    REQUIRE(std::string(header.attribute("r").value()) == "1");
    std::vector<pugi::xml_node> cells;
    for (auto c : header.children("c")) cells.push_back(c);
    if (rendering == CellRendering::Highlight) {
        REQUIRE(cells.size() == 2);  // the empty header text leaves no cell
        for (const auto& c : cells) CHECK_FALSE(c.attribute("s"));
        return;
    }
    REQUIRE(cells.size() == 3);  // the empty one is a styled blank
    const unsigned style = cells[0].attribute("s").as_uint();
    REQUIRE(style != 0);
    for (const auto& c : cells) CHECK(c.attribute("s").as_uint() == style);

    const auto style_sheet = styles.child("styleSheet");
    auto nth = [](pugi::xml_node parent, const char* name, unsigned index) {
        for (auto child : parent.children(name)) {
            if (index-- == 0) return child;
        }
        return pugi::xml_node();
    };
    const auto xf = nth(style_sheet.child("cellXfs"), "xf", style);
    REQUIRE(xf);
    CHECK(nth(style_sheet.child("fonts"), "font", xf.attribute("fontId").as_uint()).child("b"));
    const auto border = nth(style_sheet.child("borders"), "border", xf.attribute("borderId").as_uint());
    for (const char* side : {"left", "right", "top", "bottom"}) {
        INFO(side);
        CHECK(std::string(border.child(side).attribute("style").value()) == "thin");
    }
    CHECK(std::string(xf.child("alignment").attribute("horizontal").value()) == "center");
    CHECK(std::string(xf.child("alignment").attribute("vertical").value()) == "top");
    CHECK(std::string(xf.attribute("applyFont").value()) == "1");
    CHECK(std::string(xf.attribute("applyBorder").value()) == "1");
    CHECK(std::string(xf.attribute("applyAlignment").value()) == "1");
}

TEST_CASE("write_xlsx splits a plain book into equal parts at the row limit", "[xlsx_writer]") {
    const auto dir = msprobe::testing::scratch_dir("xlsx_writer_split");
    auto table_of = [](std::size_t rows) {
        Table table;
        table.header = {"index", "text"};
        for (std::size_t r = 0; r < rows; ++r)
            table.rows.push_back({static_cast<double>(r), "row " + std::to_string(r)});
        return table;
    };
    auto check_sheet = [](const SheetContents& sheet, std::size_t first, std::size_t count) {
        INFO("sheet " << sheet.name);
        REQUIRE(sheet.rows.size() == count + 1);
        CHECK(sheet.rows[0] == std::vector<Cell>{"index", "text"});
        for (std::size_t r = 0; r < count; ++r) {
            CHECK(sheet.rows[r + 1] ==
                  std::vector<Cell>{static_cast<double>(first + r), "row " + std::to_string(first + r)});
        }
    };
    constexpr std::size_t kLimit = 10;
    const auto path = dir / "split.xlsx";

    SECTION("25 rows: three parts of ceil(25 / 3) rows") {
        msprobe::report::detail::write_xlsx(table_of(25), CellRendering::Plain, path, kLimit);
        const auto book = read_xlsx(path.string());
        REQUIRE(book.sheets.size() == 3);
        CHECK(book.sheets[0].name == "part_0");
        CHECK(book.sheets[1].name == "part_1");
        CHECK(book.sheets[2].name == "part_2");
        check_sheet(book.sheets[0], 0, 9);
        check_sheet(book.sheets[1], 9, 9);
        check_sheet(book.sheets[2], 18, 7);
    }
    SECTION("one row under the limit: one sheet") {
        msprobe::report::detail::write_xlsx(table_of(kLimit - 1), CellRendering::Plain, path, kLimit);
        const auto book = read_xlsx(path.string());
        REQUIRE(book.sheets.size() == 1);
        CHECK(book.sheets[0].name == "Sheet1");
        check_sheet(book.sheets[0], 0, kLimit - 1);
    }
    SECTION("exactly the limit: a single part") {
        msprobe::report::detail::write_xlsx(table_of(kLimit), CellRendering::Plain, path, kLimit);
        const auto book = read_xlsx(path.string());
        REQUIRE(book.sheets.size() == 1);
        CHECK(book.sheets[0].name == "part_0");
        check_sheet(book.sheets[0], 0, kLimit);
    }
    SECTION("highlight books are never split") {
        msprobe::report::detail::write_xlsx(table_of(25), CellRendering::Highlight, path, kLimit);
        const auto book = read_xlsx(path.string());
        REQUIRE(book.sheets.size() == 1);
        CHECK(book.sheets[0].name == "Sheet");
        check_sheet(book.sheets[0], 0, 25);
    }
    const auto zip = msprobe::testing::inspect_zip(path, false);
    INFO(problems_of(zip));
    CHECK(zip.problems.empty());
}

TEST_CASE("write_xlsx splits at msprobe's 1,048,500 rows", "[xlsx_writer]") {
    // The boundaries are checked above with a small limit; this checks the real one.
    constexpr std::size_t kRows = msprobe::report::detail::kSheetRowLimit;
    Table table;
    table.header = {"i"};
    table.rows.reserve(kRows);
    for (std::size_t r = 0; r < kRows; ++r) table.rows.push_back({static_cast<double>(r % 10)});
    const auto path = msprobe::testing::scratch_dir("xlsx_writer_split_full") / "full.xlsx";
    msprobe::report::write_xlsx(table, CellRendering::Plain, path);

    const auto book = read_xlsx(path.string());
    REQUIRE(book.sheets.size() == 1);
    CHECK(book.sheets[0].name == "part_0");
    REQUIRE(book.sheets[0].rows.size() == kRows + 1);
    CHECK(book.sheets[0].rows.back() == std::vector<Cell>{static_cast<double>((kRows - 1) % 10)});
}

TEST_CASE("write_xlsx streams a sheet of many chunks intact", "[xlsx_writer]") {
    // About 15 MB of sheet XML: several chunks compressed on several threads.
    std::mt19937_64 random(11);
    auto value = [&] {
        return static_cast<double>(static_cast<std::int64_t>(random() % 2'000'000'000) - 1'000'000'000) / 8;
    };
    Table table;
    for (int c = 0; c < 12; ++c) table.header.push_back("column " + std::to_string(c));
    for (std::size_t r = 0; r < 60000; ++r) {
        std::vector<Cell> row;
        for (int c = 0; c < 12; ++c) {
            if (c % 3 == 0) {
                row.emplace_back("Functional.op_" + std::to_string(random() % 1000) + ".forward.input." +
                                 std::to_string(r));
            } else {
                row.emplace_back(value());
            }
        }
        table.rows.push_back(std::move(row));
        table.fills.push_back(r % 11 == 0 ? RowFill::Red : RowFill::None);
    }
    const auto path = msprobe::testing::scratch_dir("xlsx_writer_chunks") / "chunks.xlsx";
    msprobe::report::write_xlsx(table, CellRendering::Highlight, path);

    const auto zip = msprobe::testing::inspect_zip(path, false);
    INFO(problems_of(zip));
    CHECK(zip.problems.empty());
    const auto book = read_xlsx(path.string());
    REQUIRE(book.sheets.size() == 1);
    const auto& sheet = book.sheets[0];
    REQUIRE(sheet.rows.size() == table.rows.size() + 1);
    std::size_t differences = 0;
    for (std::size_t r = 0; r < table.rows.size(); ++r) differences += sheet.rows[r + 1] != table.rows[r];
    CHECK(differences == 0);
    CHECK(sheet.fills.size() == 12 * ((table.rows.size() + 10) / 11));
}

// Both writers store numbers as number_text() writes them, with std::to_chars.
TEST_CASE("number_text writes exactly what printf(\"%.16g\") writes", "[xlsx_writer]") {
    std::size_t compared = 0;
    std::size_t mismatches = 0;
    std::string first_mismatch;
    auto check = [&](double value) {
        if (!std::isfinite(value)) return;
        char expected[64];
        std::snprintf(expected, sizeof expected, "%.16g", value);
        const std::string text = msprobe::report::number_text(value);
        ++compared;
        if (text != expected) {
            if (mismatches++ == 0) first_mismatch = text + " vs printf " + expected;
        }
    };
    for (double v : {0.0,
                     -0.0,
                     1.0,
                     -1.0,
                     0.1,
                     2.0 / 3.0,
                     1e-300,
                     1e300,
                     5e-324,
                     DBL_MIN,
                     DBL_MAX,
                     -DBL_MAX,
                     1e15,
                     1e16,
                     1e17,
                     9999999999999998.0,
                     1e-5,
                     1e-4,
                     123456789012345678.0,
                     0.5,
                     2.5,
                     1.5e-7}) {
        check(v);
    }
    std::mt19937_64 random(2024);
    for (int i = 0; i < 500'000; ++i) check(std::bit_cast<double>(random()));  // any bit pattern
    std::uniform_real_distribution<double> mantissa(1.0, 10.0);
    std::uniform_int_distribution<int> exponent(-30, 30);
    for (int i = 0; i < 250'000; ++i) {  // decimal-looking values, where 16-digit rounding ties are likely
        const double v = mantissa(random) * std::pow(10.0, exponent(random));
        check(v);
        check(std::nextafter(v, kInf));
        check(std::round(v * 1e6) / 1e6);
    }
    INFO(first_mismatch);
    CHECK(compared > 1'000'000);
    CHECK(mismatches == 0);
}

TEST_CASE("write_xlsx names the file when it cannot write it", "[xlsx_writer]") {
    Table table;
    table.header = {"a"};
    table.rows = {{1.0}};
    const auto dir = msprobe::testing::scratch_dir("xlsx_writer_errors");
    const auto missing = dir / "no_such_dir" / "book.xlsx";
    try {
        msprobe::report::write_xlsx(table, CellRendering::Plain, missing);
        FAIL("no error");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == missing.string());
    }
    Table too_wide;
    too_wide.header.assign(msprobe::report::kMaxSheetColumns + 1, "column");
    CHECK_THROWS_AS(msprobe::report::write_xlsx(too_wide, CellRendering::Plain, dir / "wide.xlsx"), msprobe::Error);
    if (!fs::exists("/dev/full")) return;
    try {
        msprobe::report::write_xlsx(table, CellRendering::Plain, "/dev/full");  // a full disk
        FAIL("no error");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == "/dev/full");
        CHECK_THAT(e.reason(), Catch::Contains("write failed"));
    }
}
