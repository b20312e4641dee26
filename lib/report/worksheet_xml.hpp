#pragma once
// The SpreadsheetML of one worksheet, appended piece by piece to a text
// buffer, so that a sheet of any size can stream out in chunks.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::report {

// Cells longer than this many bytes are cut (the .xlsx limit for one cell).
inline constexpr std::size_t kMaxCellTextBytes = 32767;

// The .xlsx grid.
inline constexpr std::size_t kMaxSheetRows = 1048576;
inline constexpr std::size_t kMaxSheetColumns = 16384;

class WorksheetXml {
public:
    // Index into styles.xml's cellXfs; 0 is the default and writes no attribute.
    using Style = unsigned;

    explicit WorksheetXml(std::string& out) : out_(out) {}

    // Opens the worksheet. `rows` x `columns` is the used range; `selected`
    // marks the sheet shown when the book opens.
    void begin(std::size_t rows, std::size_t columns, bool selected);
    // Rows and columns are 0-based; a row without cells leaves no element.
    void begin_row(std::size_t row);
    // Finite values only, as number_text() (cell_text.hpp) writes them.
    void number(std::size_t column, double value, Style style);
    void boolean(std::size_t column, bool value, Style style);
    // An inline string, cut to kMaxCellTextBytes on a UTF-8 boundary.
    void text(std::size_t column, std::string_view text, Style style);
    void blank(std::size_t column, Style style);
    void end_row();
    void end();

private:
    void open_cell(std::size_t column, Style style, std::string_view type);
    const std::string& column_name(std::size_t column);

    std::string& out_;
    std::vector<std::string> column_names_;  // "A", "B", ... cached as they are needed
    char row_number_[24] = {};               // the current row's 1-based number, as text
    std::size_t row_number_size_ = 0;
    bool row_open_ = false;
};

// Appends `text` as XML character data in Excel's conventions: & < > as
// entities, CR as a character reference (a literal one would be read back as
// LF), other C0 controls as _xHHHH_, and the "_" of a literal "_x" as _x005F_
// so that user text never reads back as such an escape.
void append_cell_text(std::string& out, std::string_view text);

}  // namespace msprobe::report
