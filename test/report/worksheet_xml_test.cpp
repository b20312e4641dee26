// One worksheet's SpreadsheetML as WorksheetXml appends it: the used range,
// cell references and types, styles, the cell size limit and Excel's escapes.
#include <catch2/catch.hpp>

#include <string>

#include "report/worksheet_xml.hpp"

using msprobe::report::WorksheetXml;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("append_cell_text escapes only what XML and Excel need", "[xlsx_writer]") {
    auto escaped = [](std::string_view text) {
        std::string out;
        msprobe::report::append_cell_text(out, text);
        return out;
    };
    CHECK(escaped("plain text") == "plain text");
    CHECK(escaped("tab\tlf\n") == "tab\tlf\n");
    CHECK(escaped("cr\r") == "cr&#13;");
    CHECK(escaped("a&b<c>d\"e'") == "a&amp;b&lt;c&gt;d\"e'");
    CHECK(escaped(std::string("\0\x1f", 2)) == "_x0000__x001F_");
    CHECK(escaped("_x0041_") == "_x005F_x0041_");
    CHECK(escaped("_x") == "_x005F_x");
    CHECK(escaped("x_ _y _") == "x_ _y _");
    CHECK(escaped("\xe4\xb8\xad") == "\xe4\xb8\xad");
}


TEST_CASE("a sheet: its range, selection, rows and typed cells in order", "[report][worksheet_xml]") {
    std::string out;
    WorksheetXml sheet(out);
    sheet.begin(3, 28, true);
    sheet.begin_row(0);
    sheet.text(0, "Name", 1);
    sheet.number(1, 0.5, 0);
    sheet.boolean(27, true, 0);
    sheet.end_row();
    sheet.begin_row(1);  // no cells: no element
    sheet.end_row();
    sheet.begin_row(2);
    sheet.blank(25, 3);
    sheet.boolean(26, false, 0);
    sheet.end_row();
    sheet.end();
    CHECK(out.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<worksheet "));
    CHECK(contains(out, "<dimension ref=\"A1:AB3\"/><sheetViews><sheetView tabSelected=\"1\" workbookViewId=\"0\"/>"));
    CHECK(contains(out, "<sheetData><row r=\"1\"><c r=\"A1\" s=\"1\" t=\"inlineStr\"><is><t>Name</t></is></c>"
                        "<c r=\"B1\"><v>0.5</v></c><c r=\"AB1\" t=\"b\"><v>1</v></c></row>"
                        "<row r=\"3\"><c r=\"Z3\" s=\"3\"/><c r=\"AA3\" t=\"b\"><v>0</v></c></row></sheetData>"));
    CHECK_FALSE(contains(out, "<row r=\"2\""));
    CHECK(out.ends_with("</worksheet>"));
}

TEST_CASE("a one-cell sheet's range is A1, an unselected sheet says nothing of it", "[report][worksheet_xml]") {
    std::string out;
    WorksheetXml sheet(out);
    sheet.begin(1, 1, false);
    sheet.end();
    CHECK(contains(out, "<dimension ref=\"A1\"/><sheetViews><sheetView workbookViewId=\"0\"/>"));
    CHECK(contains(out, "<sheetData></sheetData>"));
}

TEST_CASE("texts keep edge spaces and are cut to the cell limit on a UTF-8 boundary", "[report][worksheet_xml]") {
    std::string out;
    WorksheetXml sheet(out);
    sheet.begin_row(0);
    sheet.text(0, " padded", 0);
    sheet.end_row();
    CHECK(contains(out, "<t xml:space=\"preserve\"> padded</t>"));

    // 32766 ASCII bytes, then a three-byte character that would end past the limit.
    const std::string long_text = std::string(msprobe::report::kMaxCellTextBytes - 1, 'a') + "\xe4\xb8\xad";
    out.clear();
    WorksheetXml cut(out);
    cut.begin_row(0);
    cut.text(0, long_text, 0);
    const std::string kept = out.substr(out.find("<t>") + 3, out.find("</t>") - out.find("<t>") - 3);
    CHECK(kept == std::string(msprobe::report::kMaxCellTextBytes - 1, 'a'));
}
