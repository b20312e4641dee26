#include "verdict_compare/verdict_table_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>

#include "common/error.hpp"
#include "common/python_text.hpp"
#include "report/csv_parts.hpp"
#include "report/csv_writer.hpp"
#include "report/output_file.hpp"
#include "report/progress_rows.hpp"
#include "report/xlsx_writer.hpp"

namespace msprobe::compare {

namespace fs = std::filesystem;

namespace {

std::string field_text(const VerdictTable& table, std::size_t row, std::size_t column) {
    const report::Cell& cell = table.result.table.rows[row][column];
    if (cell.is_text()) return std::string(cell.text());
    if (cell.is_bool()) return cell.boolean_value() ? "True" : "False";
    if (!cell.is_number()) return {};
    const double v = cell.number();
    if (std::isnan(v)) return {};
    // A leading space keeps spreadsheet programs from reading ±inf as a number.
    if (std::isinf(v)) return v > 0 ? " inf" : " -inf";
    if (table.is_integer(row, column)) return fmt::format("{}", static_cast<long long>(v));
    return py::float_repr(v);
}

std::string header_line(const VerdictTable& table, report::FormulaCells formulas) {
    std::string line;
    const auto& header = table.result.table.header;
    for (std::size_t c = 0; c < header.size(); ++c) {
        if (c) line += ',';
        report::append_csv_field(line, header[c], formulas);
    }
    return line + '\n';
}

void append_rows(std::string& text, const VerdictTable& table, std::size_t first_row, std::size_t end_row,
                 report::FormulaCells formulas) {
    for (std::size_t r = first_row; r < end_row; ++r) {
        const auto& row = table.result.table.rows[r];
        for (std::size_t c = 0; c < row.size(); ++c) {
            if (c) text += ',';
            report::append_csv_field(text, field_text(table, r, c),
                                     row[c].is_number() ? report::FormulaCells::Verbatim : formulas);
        }
        text += '\n';
    }
}

// Rows [first_row, end_row) under the header, a few thousand lines at a time (memory stays bounded).
void write_rows(const VerdictTable& table, std::size_t first_row, std::size_t end_row, const fs::path& path,
                report::FormulaCells formulas, Progress* progress) {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "wb"), &std::fclose);
    if (!file) throw Error(path.string(), fmt::format("cannot create: {}", std::strerror(errno)));
    auto put = [&](const std::string& text) {
        if (std::fwrite(text.data(), 1, text.size(), file.get()) != text.size()) {
            throw Error(path.string(), fmt::format("write failed: {}", std::strerror(errno)));
        }
    };
    put(header_line(table, formulas));
    constexpr std::size_t kBatchRows = 4096;
    std::string batch;
    for (std::size_t first = first_row; first < end_row; first += kBatchRows) {
        batch.clear();
        const std::size_t end = std::min(end_row, first + kBatchRows);
        append_rows(batch, table, first, end, formulas);
        put(batch);
        if (progress != nullptr) progress->advance(static_cast<std::int64_t>(end - first));
    }
    if (std::fflush(file.get()) != 0) throw Error(path.string(), fmt::format("write failed: {}", std::strerror(errno)));
}

}  // namespace

std::string verdict_result_name(bool debug_json, const std::string& rank_label, const std::string& timestamp,
                               OutputFormat format) {
    return fmt::format("{}compare_result{}{}_{}{}", debug_json ? "debug_" : "", rank_label.empty() ? "" : "_",
                       rank_label, timestamp, format == OutputFormat::Csv ? ".csv" : ".xlsx");
}

std::string python_csv_text(const VerdictTable& table, std::size_t first_row, std::size_t end_row,
                            report::FormulaCells formulas) {
    std::string text = header_line(table, formulas);
    append_rows(text, table, first_row, end_row, formulas);
    return text;
}

std::vector<fs::path> detail::write_python_csv(const VerdictTable& table, const fs::path& path, std::size_t part_rows,
                                               report::FormulaCells formulas, report::StagedFiles* into,
                                               Progress* progress) {
    const std::size_t rows = table.result.table.rows.size();
    report::StagedFiles own(report::Existing::Replace);
    report::StagedFiles& files = into != nullptr ? *into : own;
    const std::vector<fs::path> targets = report::csv_part_files(rows, path, part_rows);
    for (std::size_t part = 0; part < targets.size(); ++part) {
        const std::size_t first = part * part_rows;
        const std::size_t end = std::min(rows, first + part_rows);
        files.stage(targets[part],
                    [&](const fs::path& temp) { write_rows(table, first, end, temp, formulas, progress); });
    }
    if (into == nullptr) own.commit();
    return targets;
}

std::vector<fs::path> result_table_files(const VerdictTable& table, const fs::path& path, OutputFormat format) {
    if (format == OutputFormat::Csv)
        return report::csv_part_files(table.result.table.rows.size(), path);
    return {path};
}

std::vector<fs::path> write_verdict_table(const VerdictTable& table, const fs::path& path, OutputFormat format,
                                          ThreadPool* pool, report::FormulaCells formulas, report::StagedFiles* into,
                                          Progress* progress) {
    if (format == OutputFormat::Csv) {
        return detail::write_python_csv(table, path, report::kCsvPartRows, formulas, into, progress);
    }
    const report::Table& cells = table.result.table;
    const auto write = [&](const fs::path& temp) {
        if (progress == nullptr) {
            report::write_xlsx(cells, report::CellRendering::Plain, temp, report::FillSpelling::Opaque, pool);
            return;
        }
        report::TableRows rows(cells);
        report::ProgressRows counted(rows, *progress);
        report::write_xlsx(counted, report::CellRendering::Plain, temp, report::FillSpelling::Opaque, pool);
    };
    if (into != nullptr) {
        into->stage(path, write);
        return {path};
    }
    return {report::write_atomically(path, write, report::Existing::Replace)};
}

}  // namespace msprobe::compare
