#include "report/csv_reader.hpp"

#include <fstream>
#include <sstream>

#include "common/error.hpp"

namespace msprobe::report {

Table read_csv(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(path.string(), "cannot open for reading");
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();

    std::vector<std::vector<Cell>> records;
    std::vector<Cell> record;
    std::string field;
    bool quoted = false;      // inside quotes
    bool was_quoted = false;  // the current field had quotes (so "" is an empty text, still an empty cell)
    auto end_field = [&] {
        record.push_back(field.empty() ? Cell() : Cell(field));
        field.clear();
        was_quoted = false;
    };
    auto end_record = [&] {
        end_field();
        records.push_back(std::move(record));
        record.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"' && field.empty() && !was_quoted) {
            quoted = was_quoted = true;
        } else if (c == ',') {
            end_field();
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
            end_record();
        } else {
            field += c;
        }
    }
    if (quoted) throw Error(path.string(), "a quoted field is not closed at the end of the file");
    if (!field.empty() || !record.empty()) end_record();

    Table table;
    if (records.empty()) return table;
    for (const auto& cell : records.front()) table.header.push_back(cell.is_text() ? cell.text() : std::string());
    table.rows.assign(std::make_move_iterator(records.begin() + 1), std::make_move_iterator(records.end()));
    return table;
}

}  // namespace msprobe::report
