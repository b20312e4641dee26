#include "report/csv_reader.hpp"


#include <charconv>
#include <cstring>
#include <string_view>

#include "common/error.hpp"
#include "common/input_file.hpp"

namespace msprobe::report {

namespace {

bool is_number_character(char c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// Only what number_text() can produce: no inf/nan words, no hex, no spaces.
Cell typed_cell(std::string field) {
    if (field.empty()) return {};
    if (field == "True") return Cell::boolean(true);
    if (field == "False") return Cell::boolean(false);
    const bool digits_only = field.find_first_not_of("0123456789-+.eE") == std::string::npos &&
                             field.find_first_of("0123456789") != std::string::npos && is_number_character(field[0]);
    if (digits_only) {
        double value = 0;
        const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
        if (error == std::errc() && end == field.data() + field.size()) return Cell(value);
    }
    return Cell(std::move(field));
}

}  // namespace

std::vector<std::vector<std::string>> read_csv_records(const std::string& path) {
    std::string text = read_input_file(path, InputKind::Table);
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);  // UTF-8 BOM

    std::vector<std::vector<std::string>> records;
    std::vector<std::string> record;
    std::string field;
    bool quoted = false;
    bool field_started = false;
    auto end_field = [&] {
        record.push_back(std::move(field));
        field.clear();
        field_started = false;
    };
    auto end_record = [&] {
        end_field();
        records.push_back(std::move(record));
        record.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c != '"') {
                field += c;
            } else if (i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else {
                quoted = false;
            }
            continue;
        }
        if (c == '"' && !field_started) {
            quoted = true;
            field_started = true;
        } else if (c == ',') {
            end_field();
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
            end_record();
        } else {
            field += c;
            field_started = true;
        }
    }
    if (quoted) throw Error(path, "a quoted field is not closed at the end of the file");
    if (field_started || !record.empty()) end_record();
    return records;
}

CsvContents read_csv(const std::string& path) {
    auto records = read_csv_records(path);
    CsvContents contents;
    if (records.empty()) return contents;
    contents.header = std::move(records.front());
    contents.rows.reserve(records.size() - 1);
    for (std::size_t r = 1; r < records.size(); ++r) {
        std::vector<Cell> cells;
        cells.reserve(records[r].size());
        for (auto& f : records[r]) cells.push_back(typed_cell(std::move(f)));
        contents.rows.push_back(std::move(cells));
    }
    return contents;
}

Table read_csv_text(const std::filesystem::path& path) {
    auto records = read_csv_records(path.string());
    Table table;
    if (records.empty()) return table;
    table.header = std::move(records.front());
    for (std::size_t r = 1; r < records.size(); ++r) {
        std::vector<Cell> cells;
        cells.reserve(records[r].size());
        for (auto& f : records[r]) cells.push_back(f.empty() ? Cell() : Cell(std::move(f)));
        table.rows.push_back(std::move(cells));
    }
    return table;
}

}  // namespace msprobe::report
