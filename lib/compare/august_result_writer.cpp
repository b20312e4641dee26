#include "compare/august_result_writer.hpp"

#include <fmt/format.h>

#include <cmath>

#include "common/python_text.hpp"
#include "report/csv_writer.hpp"
#include "report/output_file.hpp"
#include "report/xlsx_writer.hpp"

namespace msprobe::compare {

namespace fs = std::filesystem;

namespace {

std::string field_text(const AugustTable& table, std::size_t row, std::size_t column) {
    const report::Cell& cell = table.result.table.rows[row][column];
    if (cell.is_text()) return cell.text();
    if (cell.is_bool()) return cell.boolean_value() ? "True" : "False";
    if (!cell.is_number()) return {};
    const double v = cell.number();
    if (std::isnan(v)) return {};
    // A leading space keeps spreadsheet programs from reading ±inf as a number.
    if (std::isinf(v)) return v > 0 ? " inf" : " -inf";
    if (table.is_integer(row, column)) return fmt::format("{}", static_cast<long long>(v));
    return py::float_repr(v);
}

}  // namespace

std::string august_result_name(bool debug_json, const std::string& rank_label, const std::string& timestamp,
                               AugustFormat format) {
    return fmt::format("{}compare_result{}{}_{}{}", debug_json ? "debug_" : "", rank_label.empty() ? "" : "_",
                       rank_label, timestamp, format == AugustFormat::Csv ? ".csv" : ".xlsx");
}

std::string august_csv_text(const AugustTable& table, std::size_t first_row, std::size_t end_row) {
    std::string text;
    const auto& header = table.result.table.header;
    for (std::size_t c = 0; c < header.size(); ++c) {
        if (c) text += ',';
        report::append_csv_field(text, header[c]);
    }
    text += '\n';
    for (std::size_t r = first_row; r < end_row; ++r) {
        const auto& row = table.result.table.rows[r];
        for (std::size_t c = 0; c < row.size(); ++c) {
            if (c) text += ',';
            report::append_csv_field(text, field_text(table, r, c));
        }
        text += '\n';
    }
    return text;
}

std::vector<fs::path> detail::write_august_csv(const AugustTable& table, const fs::path& path, std::size_t part_rows) {
    const std::size_t rows = table.result.table.rows.size();
    if (rows <= part_rows) {
        return {report::write_text_atomically(path, august_csv_text(table, 0, rows), report::Existing::Replace)};
    }
    std::vector<fs::path> written;
    report::StagedFiles files(report::Existing::Replace);
    for (std::size_t first = 0, part = 1; first < rows; first += part_rows, ++part) {
        const fs::path target = path.parent_path() / fmt::format("{}_part_{}.csv", path.stem().string(), part);
        files.stage_text(target, august_csv_text(table, first, std::min(rows, first + part_rows)));
        written.push_back(target);
    }
    files.commit();
    return written;
}

std::vector<fs::path> write_august_result(const AugustTable& table, const fs::path& path, AugustFormat format) {
    if (format == AugustFormat::Csv) return detail::write_august_csv(table, path, detail::kCsvPartRows);
    const report::Table& cells = table.result.table;
    return {report::write_atomically(
        path, [&](const fs::path& temp) { report::write_xlsx(cells, report::CellRendering::Plain, temp); },
        report::Existing::Replace)};
}

}  // namespace msprobe::compare
