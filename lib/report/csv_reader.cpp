#include "report/csv_reader.hpp"

#include <fmt/format.h>

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

// A result CSV holds what a sheet can: at most this many fields per record
// (Excel's width), records (its height, header included) and fields in all.
// Every field is a string in memory however short it is in the file, so a
// few MB of commas or line breaks would otherwise take GBs.
constexpr std::size_t kMaxFieldsPerRecord = 16384;
constexpr std::size_t kMaxRecords = 1048576 + 1;
constexpr std::size_t kMaxFields = std::size_t{1} << 25;

std::string read_whole_file(const std::string& path) {
    std::string text = read_input_file(path, InputKind::Table);
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);  // UTF-8 BOM
    return text;
}

// Calls on_record(fields, line) for every record but blank lines (which
// pandas skips too); `fields` is reused between calls.
template <class OnRecord>
void parse_csv(const std::string& path, OnRecord&& on_record) {
    const std::string text = read_whole_file(path);
    std::vector<std::string> record;
    std::string field;
    bool quoted = false;
    bool field_started = false;
    std::size_t line = 1, record_line = 1, records = 0, fields = 0;
    auto end_field = [&] {
        if (record.size() == kMaxFieldsPerRecord) {
            throw Error(path, fmt::format("line {}: more than {} fields in one record", record_line, kMaxFieldsPerRecord));
        }
        if (++fields > kMaxFields) throw Error(path, fmt::format("more than {} fields in all", kMaxFields));
        record.push_back(std::move(field));
        field.clear();
        field_started = false;
    };
    auto end_record = [&] {
        if (record.empty() && !field_started) {  // a blank line
            record_line = line;
            return;
        }
        end_field();
        if (++records > kMaxRecords) throw Error(path, fmt::format("more than {} records", kMaxRecords));
        on_record(record, record_line);
        record.clear();
        record_line = line;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') ++line;
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
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
                ++i;
                ++line;
            }
            end_record();
        } else {
            field += c;
            field_started = true;
        }
    }
    if (quoted) throw Error(path, "a quoted field is not closed at the end of the file");
    end_record();
}

// Allocation failures and the like become errors naming the file.
template <class Read>
auto reading(const std::string& path, Read&& read) -> decltype(read()) {
    try {
        return read();
    } catch (const Error&) {
        throw;
    } catch (const std::bad_alloc&) {
        throw Error(path, "out of memory while reading the CSV");
    } catch (const std::exception& e) {
        throw Error(path, std::string("cannot read the CSV: ") + e.what());
    }
}

}  // namespace

std::vector<std::vector<std::string>> read_csv_records(const std::string& path) {
    return reading(path, [&] {
        std::vector<std::vector<std::string>> records;
        parse_csv(path, [&](std::vector<std::string>& record, std::size_t) { records.push_back(std::move(record)); });
        return records;
    });
}

CsvContents read_csv(const std::string& path) {
    return reading(path, [&] {
        CsvContents contents;
        bool header = true;
        parse_csv(path, [&](std::vector<std::string>& record, std::size_t line) {
            if (header) {
                contents.header = std::move(record);
                header = false;
                return;
            }
            // A result has a known number of columns; pandas refuses wider rows too.
            if (record.size() > contents.header.size()) {
                throw Error(path, fmt::format("line {}: {} fields, the header has {}", line, record.size(),
                                              contents.header.size()));
            }
            std::vector<Cell> cells;
            cells.reserve(record.size());
            for (auto& f : record) cells.push_back(typed_cell(std::move(f)));
            contents.rows.push_back(std::move(cells));
        });
        return contents;
    });
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
