// The .xlsx reader against msprobe's own result books (openpyxl, inline
// strings) and against a book libxlsxwriter writes (shared strings).
#include "report/xlsx_reader.hpp"

#include <xlsxwriter.h>
#include <zip.h>

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <tuple>

#include "common/error.hpp"
#include "common/python_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/file_text.hpp"

namespace fs = std::filesystem;
using msprobe::report::Cell;
using msprobe::report::read_xlsx;
using msprobe::report::SheetContents;

namespace {

// Python csv dialect "excel" as pandas writes it: quoted fields may hold
// commas, doubled quotes and newlines.
std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> row;
    std::string field;
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field.push_back('"');
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field.push_back(c);
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            row.push_back(std::move(field));
            field.clear();
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
            row.push_back(std::move(field));
            field.clear();
            rows.push_back(std::move(row));
            row.clear();
        } else {
            field.push_back(c);
        }
    }
    if (!field.empty() || !row.empty()) {
        row.push_back(std::move(field));
        rows.push_back(std::move(row));
    }
    return rows;
}

// Texts pandas.read_excel turns into NaN (its default na_values), which
// to_csv then writes as an empty field.
bool pandas_reads_as_missing(const std::string& text) {
    static const std::set<std::string> na_values = {
        "",     "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN",
        "<NA>", "N/A",  "NA",       "NULL", "NaN",   "None",     "n/a",  "nan",  "null"};
    return na_values.count(text) > 0;
}

const Cell& cell_at(const SheetContents& sheet, std::size_t row, std::size_t column) {
    static const Cell empty;
    if (row >= sheet.rows.size() || column >= sheet.rows[row].size()) return empty;
    return sheet.rows[row][column];
}

std::string describe(const Cell& cell) {
    if (cell.is_empty()) return "<empty>";
    if (cell.is_text()) return "text \"" + std::string(cell.text()) + "\"";
    if (cell.is_bool()) return cell.boolean_value() ? "bool True" : "bool False";
    return "number " + msprobe::py::float_repr(cell.number());
}

// How pandas prints a number it read: Python's repr, or an int for an
// integral value. A field such as "00000000" (an md5 text) is not one.
bool printed_by_pandas(const std::string& field, double value) {
    if (field == msprobe::py::float_repr(value)) return true;
    return std::isfinite(value) && value == std::trunc(value) && std::fabs(value) < 1e18 &&
           field == std::to_string(static_cast<long long>(value));
}

// The cell must be of the kind the pandas export implies and carry the same
// value: a field that reads as a Python float is a number, True/False a
// boolean (msprobe writes those either as booleans or as text), an empty
// field an empty cell (or a text pandas reads as missing), anything else text.
void check_cell_against_csv(const Cell& cell, const std::string& field, const std::string& where) {
    INFO(where << ": csv \"" << field << "\", xlsx " << describe(cell));
    if (field.empty()) {
        CHECK((cell.is_empty() || (cell.is_text() && pandas_reads_as_missing(std::string(cell.text())))));
    } else if (field == "True" || field == "False") {
        CHECK(((cell.is_bool() && cell.boolean_value() == (field == "True")) ||
               (cell.is_text() && cell.text() == field)));
    } else if (const auto number = msprobe::py::parse_float(field); number && printed_by_pandas(field, *number)) {
        // pandas converts a column of numbers and booleans to numbers (True → 1).
        REQUIRE((cell.is_number() || cell.is_bool()));
        CHECK((cell.is_number() ? cell.number() : (cell.boolean_value() ? 1.0 : 0.0)) == *number);
    } else {
        REQUIRE(cell.is_text());
        CHECK(cell.text() == field);
    }
}

// pandas drops trailing empty rows of a sheet.
std::size_t rows_pandas_keeps(const SheetContents& sheet) {
    std::size_t count = sheet.rows.size();
    auto is_blank = [](const std::vector<Cell>& row) {
        for (const auto& cell : row) {
            if (!cell.is_empty()) return false;
        }
        return true;
    };
    while (count > 0 && is_blank(sheet.rows[count - 1])) --count;
    return count;
}

void check_sheet_against_csv(const SheetContents& sheet, const fs::path& csv_path) {
    INFO("sheet \"" << sheet.name << "\" vs " << csv_path.string());
    REQUIRE(fs::exists(csv_path));
    const auto csv = parse_csv(msprobe::testing::read_file_text(csv_path));
    REQUIRE(!csv.empty());
    REQUIRE(rows_pandas_keeps(sheet) == csv.size());
    // The header row is text, compared strictly.
    const auto& header = csv.front();
    REQUIRE(sheet.rows.front().size() == header.size());
    for (std::size_t column = 0; column < header.size(); ++column) {
        REQUIRE(sheet.rows.front()[column].is_text());
        CHECK(sheet.rows.front()[column].text() == header[column]);
    }
    for (std::size_t row = 1; row < csv.size(); ++row) {
        REQUIRE(csv[row].size() == header.size());
        REQUIRE(sheet.rows[row].size() <= header.size());
        for (std::size_t column = 0; column < header.size(); ++column) {
            check_cell_against_csv(cell_at(sheet, row, column), csv[row][column],
                                   "row " + std::to_string(row + 1) + " column " + std::to_string(column + 1));
        }
    }
}

using FillRecord = std::tuple<std::string, int, int, std::string>;  // sheet, 1-based row, 1-based column, ARGB

std::set<FillRecord> fills_of(const msprobe::report::WorkbookContents& book) {
    std::set<FillRecord> fills;
    for (const auto& sheet : book.sheets) {
        for (const auto& [position, rgb] : sheet.fills) {
            fills.emplace(sheet.name, position.first + 1, position.second + 1, rgb);
        }
    }
    return fills;
}

std::set<FillRecord> fills_from_csv(const fs::path& path) {
    std::set<FillRecord> fills;
    const auto csv = parse_csv(msprobe::testing::read_file_text(path));
    REQUIRE(csv.front() == std::vector<std::string>{"sheet", "row", "col", "rgb"});
    for (std::size_t i = 1; i < csv.size(); ++i) {
        fills.emplace(csv[i][0], std::stoi(csv[i][1]), std::stoi(csv[i][2]), csv[i][3]);
    }
    return fills;
}

std::vector<fs::path> msprobe_result_books(const fs::path& fixtures) {
    std::vector<fs::path> books;
    for (const auto& entry : fs::recursive_directory_iterator(fixtures / "expected")) {
        const auto& path = entry.path();
        if (path.extension() == ".xlsx" && path.parent_path().filename().string().rfind("compare", 0) == 0) {
            books.push_back(path);
        }
    }
    std::sort(books.begin(), books.end());
    return books;
}

}  // namespace

TEST_CASE("read_xlsx reads every msprobe result book like pandas and openpyxl do", "[xlsx_reader][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto books = msprobe_result_books(*fixtures);
    REQUIRE(books.size() >= 100);
    std::size_t books_with_fills = 0;
    for (const auto& path : books) {
        INFO(path.string());
        const auto book = read_xlsx(path.string());
        REQUIRE(!book.sheets.empty());
        for (const auto& sheet : book.sheets) {
            const std::string stem = path.stem().string();
            const auto csv = path.parent_path() /
                             (book.sheets.size() == 1 ? stem + ".csv" : stem + "." + sheet.name + ".csv");
            check_sheet_against_csv(sheet, csv);
        }
        const auto fills_csv = path.parent_path() / (path.stem().string() + ".fills.csv");
        if (fs::exists(fills_csv)) {
            ++books_with_fills;
            CHECK(fills_of(book) == fills_from_csv(fills_csv));
        } else {
            CHECK(fills_of(book).empty());
        }
    }
    CHECK(books_with_fills >= 20);
}

TEST_CASE("read_xlsx keeps the exact cell kinds msprobe wrote", "[xlsx_reader][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto dir = *fixtures / "expected/cnn_tensor_L1_perturbed";

    const auto highlight = read_xlsx((dir / "compare.highlight/compare_result.xlsx").string());
    REQUIRE(highlight.sheets.size() == 1);
    const auto& sheet = highlight.sheets.front();
    CHECK(sheet.name == "Sheet");
    CHECK(sheet.rows.size() == 108);
    CHECK(sheet.rows[0][0] == Cell("NPU Name"));
    CHECK(sheet.rows[0][25] == Cell("Data_name"));
    CHECK(sheet.rows[1][0] == Cell("Functional.conv2d.0.forward.input.0"));
    CHECK(sheet.rows[1][4] == Cell("[4, 3, 8, 8]"));
    CHECK(sheet.rows[1][6] == Cell("False"));        // G2: requires_grad as text in this variant
    CHECK(sheet.rows[1][8] == Cell(1.0));            // I2: <v>1</v>
    CHECK(sheet.rows[1][14] == Cell(3.097460985183716));
    CHECK(sheet.rows[1][16] == Cell(-0.02703662775456905));
    CHECK(sheet.rows[1][24].is_empty());             // Y2: inlineStr without <is>
    CHECK(sheet.rows[1][25] ==
          Cell("['Functional.conv2d.0.forward.input.0.pt', 'Functional.conv2d.0.forward.input.0.pt']"));
    CHECK(sheet.fills.at({39, 0}) == "FFFF0000");  // fills.csv: Sheet,40,1,FFFF0000

    const auto stack = read_xlsx((dir / "compare.stack/compare_result.xlsx").string());
    const auto& stack_sheet = stack.sheets.front();
    CHECK(stack_sheet.rows[1][22] == Cell::boolean(true));  // W2 t="b"
    const auto& frames = stack_sheet.rows[1][25];  // str(list): the frames' newlines appear as "\\n"
    REQUIRE(frames.is_text());
    CHECK(frames.text().rfind("['File /usr/local/lib/python3.11/site-packages/msprobe/core/data_dump/api_registry.py, "
                              "line 96, in api_function, \\n return api_instance(*args, **kwargs)'",
                              0) == 0);
    CHECK(stack_sheet.fills.empty());
}

TEST_CASE("read_xlsx reads the sheets of a multi-sheet book in workbook order", "[xlsx_reader][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto book = read_xlsx(
        (*fixtures /
         "expected/dist_statistics_L1_2ranks/compare_dir_step0.merge_result.apis/multi_ranks_compare_merge.xlsx")
            .string());
    std::vector<std::string> names;
    for (const auto& sheet : book.sheets) names.push_back(sheet.name);
    CHECK(names == std::vector<std::string>{"Max diff", "Min diff", "Mean diff", "L2norm diff", "MaxRelativeErr",
                                            "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr"});
}

namespace {

// Writes the round-trip book with libxlsxwriter (our own writer's library).
void write_libxlsxwriter_book(const fs::path& path) {
    lxw_workbook* workbook = workbook_new(path.string().c_str());
    REQUIRE(workbook != nullptr);
    lxw_worksheet* data = workbook_add_worksheet(workbook, "Data & <more>");
    lxw_format* red = workbook_add_format(workbook);
    format_set_bg_color(red, 0xFF0000);
    lxw_format* yellow = workbook_add_format(workbook);
    format_set_pattern(yellow, LXW_PATTERN_SOLID);
    format_set_fg_color(yellow, 0xFFFF00);
    lxw_format* bold = workbook_add_format(workbook);
    format_set_bold(bold);

    worksheet_write_string(data, 0, 0, "tab\there\nnew line", nullptr);
    worksheet_write_string(data, 0, 1, "cr\rand\x01control", red);
    worksheet_write_string(data, 0, 2, "  padded  ", nullptr);
    worksheet_write_string(data, 0, 3, "&<>\"' entities", nullptr);
    worksheet_write_string(data, 0, 4, "UTF-8 \xe4\xb8\xad\xe6\x96\x87 \xf0\x9f\x98\x80", nullptr);
    worksheet_write_string(data, 0, 5, "_x0041_ stays literal", nullptr);
    worksheet_write_string(data, 0, 6, " ", nullptr);

    worksheet_write_number(data, 1, 0, 0.1, nullptr);
    worksheet_write_number(data, 1, 1, 1e-300, nullptr);
    worksheet_write_number(data, 1, 2, -2.5, yellow);
    worksheet_write_number(data, 1, 3, 123456789012.0, nullptr);
    worksheet_write_boolean(data, 1, 4, 1, nullptr);
    worksheet_write_boolean(data, 1, 5, 0, nullptr);

    // Row 3: gaps before a cell, and a far column (AA).
    worksheet_write_number(data, 2, 2, 3.0, nullptr);
    worksheet_write_string(data, 2, 26, "column AA", nullptr);

    // Row 4 is left out entirely. Row 5: rich text, a formula's cached string,
    // a repeated shared string and a filled blank cell.
    lxw_rich_string_tuple bold_part = {bold, const_cast<char*>("bold ")};
    lxw_rich_string_tuple plain_part = {nullptr, const_cast<char*>("plain")};
    lxw_rich_string_tuple* rich[] = {&bold_part, &plain_part, nullptr};
    worksheet_write_rich_string(data, 4, 0, rich, nullptr);
    worksheet_write_formula_str(data, 4, 1, "=\"from formula\"", nullptr, "from formula");
    worksheet_write_string(data, 4, 2, "  padded  ", nullptr);
    worksheet_write_blank(data, 4, 4, red);

    workbook_add_worksheet(workbook, "Empty");
    REQUIRE(workbook_close(workbook) == LXW_NO_ERROR);
}

}  // namespace

TEST_CASE("read_xlsx reads back every cell of a libxlsxwriter book", "[xlsx_reader]") {
    const auto path = msprobe::testing::scratch_dir("xlsx_reader") / "roundtrip.xlsx";
    write_libxlsxwriter_book(path);
    const auto book = read_xlsx(path.string());

    REQUIRE(book.sheets.size() == 2);
    const auto& data = book.sheets[0];
    CHECK(data.name == "Data & <more>");
    std::vector<std::vector<Cell>> expected(5);
    expected[0] = {Cell("tab\there\nnew line"),
                   Cell("cr\rand\x01control"),
                   Cell("  padded  "),
                   Cell("&<>\"' entities"),
                   Cell("UTF-8 \xe4\xb8\xad\xe6\x96\x87 \xf0\x9f\x98\x80"),
                   Cell("_x0041_ stays literal"),
                   Cell(" ")};
    expected[1] = {Cell(0.1), Cell(1e-300), Cell(-2.5), Cell(123456789012.0), Cell::boolean(true),
                   Cell::boolean(false)};
    expected[2].resize(27);
    expected[2][2] = Cell(3.0);
    expected[2][26] = Cell("column AA");
    expected[4] = {Cell("bold plain"), Cell("from formula"), Cell("  padded  "), Cell(), Cell()};
    REQUIRE(data.rows.size() == expected.size());
    for (std::size_t row = 0; row < expected.size(); ++row) {
        INFO("row " << row + 1);
        REQUIRE(data.rows[row].size() == expected[row].size());
        for (std::size_t column = 0; column < expected[row].size(); ++column) {
            INFO("column " << column + 1 << ": " << describe(data.rows[row][column]));
            CHECK(data.rows[row][column] == expected[row][column]);
        }
    }
    const std::map<std::pair<int, int>, std::string> fills = {
        {{0, 1}, "FFFF0000"}, {{1, 2}, "FFFFFF00"}, {{4, 4}, "FFFF0000"}};
    CHECK(data.fills == fills);

    CHECK(book.sheets[1].name == "Empty");
    CHECK(book.sheets[1].rows.empty());
    CHECK(book.sheets[1].fills.empty());
}

TEST_CASE("read_xlsx names the file when it is not a workbook", "[xlsx_reader]") {
    const auto dir = msprobe::testing::scratch_dir("xlsx_reader_errors");
    const auto missing = (dir / "missing.xlsx").string();
    CHECK_THROWS_AS(read_xlsx(missing), msprobe::Error);

    const auto not_zip = dir / "plain.xlsx";
    std::ofstream(not_zip) << "NPU Name,Bench Name\n";
    try {
        read_xlsx(not_zip.string());
        FAIL("expected an error");
    } catch (const msprobe::Error& error) {
        CHECK(error.file() == not_zip.string());
    }

    // A zip package without a workbook part.
    const auto no_workbook = dir / "no_workbook.xlsx";
    int code = 0;
    zip_t* archive = zip_open(no_workbook.string().c_str(), ZIP_CREATE | ZIP_TRUNCATE, &code);
    REQUIRE(archive != nullptr);
    static const char text[] = "hello";
    zip_source_t* source = zip_source_buffer(archive, text, sizeof text - 1, 0);
    REQUIRE(zip_file_add(archive, "hello.txt", source, ZIP_FL_ENC_UTF_8) >= 0);
    REQUIRE(zip_close(archive) == 0);
    try {
        read_xlsx(no_workbook.string());
        FAIL("expected an error");
    } catch (const msprobe::Error& error) {
        CHECK(error.file() == no_workbook.string());
        CHECK_THAT(error.reason(), Catch::Contains("xl/workbook.xml"));
    }
}
