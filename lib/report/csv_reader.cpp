#include "report/csv_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <optional>
#include <string_view>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "report/csv_formula_guard.hpp"

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

// A CSV file's bytes a chunk at a time, with one byte of look-ahead, so a file
// of any length is parsed without holding it; a leading UTF-8 BOM is skipped.
class CsvBytes {
public:
    explicit CsvBytes(const std::string& path) : input_(InputFile::open(path, InputKind::Table)) {
        if (fill() && end_ >= 3 && std::memcmp(buffer_.data(), "\xEF\xBB\xBF", 3) == 0) position_ = 3;
    }

    // The next byte, or -1 at the end of the file.
    int get() {
        const int c = peek();
        if (c >= 0) ++position_;
        return c;
    }
    int peek() {
        if (position_ == end_ && !fill()) return -1;
        return static_cast<unsigned char>(buffer_[position_]);
    }

private:
    bool fill() {
        if (offset_ == input_.size()) return false;
        end_ = static_cast<std::size_t>(std::min<std::uintmax_t>(buffer_.size(), input_.size() - offset_));
        input_.read_at(offset_, buffer_.data(), end_);
        offset_ += end_;
        position_ = 0;
        return true;
    }

    static constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
    const InputFile input_;
    std::vector<char> buffer_ = std::vector<char>(kChunkBytes);
    std::uintmax_t offset_ = 0;
    std::size_t position_ = 0;
    std::size_t end_ = 0;
};

// Calls on_record(fields, line) for every record but blank lines (which
// pandas skips too); `fields` is reused between calls.
template <class OnRecord>
void parse_csv(const std::string& path, OnRecord&& on_record) {
    CsvBytes text(path);
    std::vector<std::string> record;
    std::string field;
    bool quoted = false;
    bool field_started = false;
    std::size_t line = 1, record_line = 1, records = 0, fields = 0;
    auto end_field = [&] {
        if (record.size() == kMaxFieldsPerRecord) {
            throw Error(path,
                        fmt::format("line {}: more than {} fields in one record", record_line, kMaxFieldsPerRecord));
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
    for (int next = text.get(); next >= 0; next = text.get()) {
        const char c = static_cast<char>(next);
        if (c == '\n') ++line;
        if (quoted) {
            if (c != '"') {
                field += c;
            } else if (text.peek() == '"') {
                field += '"';
                text.get();
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
            if (c == '\r' && text.peek() == '\n') {
                text.get();
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

void read_csv_rows(const std::string& path, const CsvHeaderHandler& on_header, const CsvRowHandler& on_row) {
    reading(path, [&] {
        std::optional<std::size_t> header_width;
        std::vector<Cell> cells;
        parse_csv(path, [&](std::vector<std::string>& record, std::size_t line) {
            if (!header_width) {
                header_width = record.size();
                for (auto& f : record) take_off_formula_guard(f);  // our own files read back as written
                on_header(record);
                return;
            }
            // A result has a known number of columns; pandas refuses wider rows too.
            if (record.size() > *header_width) {
                throw Error(path,
                            fmt::format("line {}: {} fields, the header has {}", line, record.size(), *header_width));
            }
            cells.clear();
            cells.reserve(record.size());
            for (auto& f : record) {
                take_off_formula_guard(f);
                cells.push_back(typed_cell(std::move(f)));
            }
            on_row(cells);
        });
    });
}

CsvContents read_csv(const std::string& path) {
    CsvContents contents;
    read_csv_rows(
        path, [&](std::vector<std::string>& header) { contents.header = std::move(header); },
        [&](std::vector<Cell>& cells) { contents.rows.push_back(std::move(cells)); });
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
