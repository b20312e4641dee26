#include "report/csv_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "common/error.hpp"
#include "report/cell_text.hpp"

namespace msprobe::report {

namespace {

std::string field_text(const Cell& cell) {
    if (cell.is_number()) return number_text(cell.number());
    if (cell.is_bool()) return cell.boolean_value() ? "True" : "False";
    if (cell.is_text()) return std::string(cell.text());
    return {};
}

}  // namespace

void append_csv_field(std::string& line, std::string_view text, FormulaCells formulas) {
    const bool guarded = formulas == FormulaCells::Guarded && needs_formula_guard(text);
    const bool needs_quotes =
        std::any_of(text.begin(), text.end(), [](char c) { return c == ',' || c == '"' || c == '\n' || c == '\r'; });
    if (!needs_quotes) {
        if (guarded) line += '\'';
        line += text;
        return;
    }
    line += '"';
    if (guarded) line += '\'';
    for (char c : text) {
        if (c == '"') line += '"';
        line += c;
    }
    line += '"';
}

void write_csv(const Table& table, CellRendering rendering, const std::filesystem::path& path) {
    write_csv(table, rendering, path, CsvDialect{});
}

void write_csv(const Table& table, CellRendering rendering, const std::filesystem::path& path, CsvDialect dialect) {
    TableRows rows(table);
    write_csv(rows, rendering, path, dialect);
}

void write_csv(RowSource& rows, CellRendering rendering, const std::filesystem::path& path, CsvDialect dialect) {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "wb"), &std::fclose);
    if (!file) throw Error(path.string(), fmt::format("cannot create: {}", std::strerror(errno)));
    std::string line = dialect.byte_order_mark ? "\xEF\xBB\xBF" : "";
    auto flush_line = [&] {
        line += dialect.crlf ? "\r\n" : "\n";
        if (std::fwrite(line.data(), 1, line.size(), file.get()) != line.size()) {
            throw Error(path.string(), fmt::format("write failed: {}", std::strerror(errno)));
        }
        line.clear();
    };
    const auto& header = rows.header();
    for (std::size_t c = 0; c < header.size(); ++c) {
        if (c) line += ',';
        append_csv_field(line, header[c], dialect.formulas);
    }
    flush_line();
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const auto& row = rows.row(r);
        for (std::size_t c = 0; c < row.size(); ++c) {
            if (c) line += ',';
            const FormulaCells formulas = row[c].is_number() ? FormulaCells::Verbatim : dialect.formulas;
            append_csv_field(line, field_text(rendered_cell(row[c], rendering)), formulas);
        }
        flush_line();
    }
    if (std::fflush(file.get()) != 0) throw Error(path.string(), fmt::format("write failed: {}", std::strerror(errno)));
}

}  // namespace msprobe::report
