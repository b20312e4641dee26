#include "report/worksheet_xml.hpp"

#include <array>
#include <charconv>

#include "report/cell_text.hpp"

namespace msprobe::report {

namespace {

// Bytes append_cell_text() must look at: C0 controls other than TAB and LF,
// the three markup characters, and '_' (it may start "_x").
constexpr std::array<bool, 256> kNeedsEscape = [] {
    std::array<bool, 256> needs{};
    for (int c = 0; c < 0x20; ++c) needs[c] = c != '\t' && c != '\n';
    needs['&'] = needs['<'] = needs['>'] = needs['_'] = true;
    return needs;
}();

// XML drops leading and trailing whitespace of <t> unless told to keep it.
bool needs_space_preserved(std::string_view text) {
    auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    return !text.empty() && (is_space(text.front()) || is_space(text.back()));
}

// The longest prefix of `text` within the cell limit that does not split a UTF-8 sequence.
std::string_view cut_to_cell_limit(std::string_view text) {
    if (text.size() <= kMaxCellTextBytes) return text;
    std::size_t cut = kMaxCellTextBytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return text.substr(0, cut);
}

std::string column_letters(std::size_t column) {
    std::string letters;
    for (std::size_t n = column + 1; n > 0; n = (n - 1) / 26) {
        letters.insert(letters.begin(), static_cast<char>('A' + (n - 1) % 26));
    }
    return letters;
}

void append_decimal(std::string& out, std::size_t value) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    out.append(digits, end);
}

}  // namespace

void append_cell_text(std::string& out, std::string_view text) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::size_t plain_from = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (!kNeedsEscape[c]) continue;
        if (c == '_' && (i + 1 == text.size() || text[i + 1] != 'x')) continue;
        out.append(text.data() + plain_from, i - plain_from);
        plain_from = i + 1;
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '\r': out += "&#13;"; break;
            case '_': out += "_x005F_"; break;
            default: {
                const char escape[] = {'_', 'x', '0', '0', kHex[c >> 4], kHex[c & 0xF], '_'};
                out.append(escape, sizeof escape);
            }
        }
    }
    out.append(text.data() + plain_from, text.size() - plain_from);
}

void WorksheetXml::begin(std::size_t rows, std::size_t columns, bool selected) {
    out_ +=
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
        "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\""
        " xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\">"
        "<dimension ref=\"A1";
    if (rows > 0 && columns > 0 && (rows > 1 || columns > 1)) {
        out_ += ':';
        out_ += column_letters(columns - 1);
        append_decimal(out_, rows);
    }
    out_ += "\"/><sheetViews><sheetView ";
    if (selected) out_ += "tabSelected=\"1\" ";
    out_ += "workbookViewId=\"0\"/></sheetViews><sheetFormatPr defaultRowHeight=\"15\"/><sheetData>";
}

void WorksheetXml::begin_row(std::size_t row) {
    row_number_size_ = static_cast<std::size_t>(
        std::to_chars(row_number_, row_number_ + sizeof row_number_, row + 1).ptr - row_number_);
    row_open_ = false;
}

const std::string& WorksheetXml::column_name(std::size_t column) {
    while (column_names_.size() <= column) column_names_.push_back(column_letters(column_names_.size()));
    return column_names_[column];
}

void WorksheetXml::open_cell(std::size_t column, Style style, std::string_view type) {
    if (!row_open_) {
        out_ += "<row r=\"";
        out_.append(row_number_, row_number_size_);
        out_ += "\">";
        row_open_ = true;
    }
    out_ += "<c r=\"";
    out_ += column_name(column);
    out_.append(row_number_, row_number_size_);
    out_ += '"';
    if (style != 0) {
        out_ += " s=\"";
        append_decimal(out_, style);
        out_ += '"';
    }
    if (!type.empty()) {
        out_ += " t=\"";
        out_ += type;
        out_ += '"';
    }
}

void WorksheetXml::number(std::size_t column, double value, Style style) {
    open_cell(column, style, {});
    out_ += "><v>";
    out_ += number_text(value);
    out_ += "</v></c>";
}

void WorksheetXml::boolean(std::size_t column, bool value, Style style) {
    open_cell(column, style, "b");
    out_ += value ? "><v>1</v></c>" : "><v>0</v></c>";
}

void WorksheetXml::text(std::size_t column, std::string_view text, Style style) {
    const std::string_view kept = cut_to_cell_limit(text);
    open_cell(column, style, "inlineStr");
    out_ += needs_space_preserved(kept) ? "><is><t xml:space=\"preserve\">" : "><is><t>";
    append_cell_text(out_, kept);
    out_ += "</t></is></c>";
}

void WorksheetXml::blank(std::size_t column, Style style) {
    open_cell(column, style, {});
    out_ += "/>";
}

void WorksheetXml::end_row() {
    if (row_open_) out_ += "</row>";
    row_open_ = false;
}

void WorksheetXml::end() {
    out_ +=
        "</sheetData><pageMargins left=\"0.7\" right=\"0.7\" top=\"0.75\" bottom=\"0.75\""
        " header=\"0.3\" footer=\"0.3\"/></worksheet>";
}

}  // namespace msprobe::report
