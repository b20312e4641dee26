#include "torchair_compare/report_csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string_view>

#include "common/error.hpp"
#include "common/python_text.hpp"
#include "report/csv_parts.hpp"
#include "report/csv_writer.hpp"

namespace msprobe::torchair_compare {

namespace {

constexpr std::string_view kSideColumns[] = {"data_path", "op_type",   "dtype",     "shape",
                                             "max_value", "min_value", "mean_value"};

std::string header_line() {
    std::string line = "token_id,data_id";
    for (const char* side : {"golden_", "my_"}) {
        for (const auto column : kSideColumns) line += fmt::format(",{}{}", side, column);
    }
    for (const auto name : kMetricNames) line += fmt::format(",{}", name);
    return line + ",cmp_fail_reason\n";
}

std::string_view timestamp_key(const CompareRow& row) {
    const std::string_view path = row.my_path;
    const auto dot = path.rfind('.');
    return dot == std::string_view::npos ? path : path.substr(dot + 1);
}

void add_number(std::string& line, std::optional<double> value) {
    line += ',';
    if (value && !std::isnan(*value)) line += py::float_repr(*value);
}

void add_text(std::string& line, std::string_view text, report::FormulaCells formulas) {
    line += ',';
    report::append_csv_field(line, text, formulas);
}

void add_side(std::string& line, const std::string& path, const TensorStatistics& stats,
              report::FormulaCells formulas) {
    add_text(line, path, formulas);
    line += ',';  // op_type: msprobe never sets it
    add_text(line, stats.dtype, formulas);
    add_text(line, stats.shape, formulas);
    add_number(line, stats.max);
    add_number(line, stats.min);
    add_number(line, stats.mean);
}

// pandas keeps a column of ints integer only when every row has an int there.
bool kl_divergence_column_is_int(const std::vector<const CompareRow*>& rows) {
    return std::all_of(rows.begin(), rows.end(), [](const CompareRow* row) {
        return row->cells.metrics && row->cells.metrics->kl_divergence_is_int;
    });
}

void add_row(std::string& text, const CompareRow& row, bool kl_int_column, report::FormulaCells formulas) {
    text += fmt::format("{},{}", row.token, row.data_id);
    add_side(text, row.golden_path, row.cells.golden, formulas);
    add_side(text, row.my_path, row.cells.my, formulas);
    const auto& metrics = row.cells.metrics;
    for (std::size_t i = 0; i < kMetricNames.size(); ++i) {
        if (metrics && i == 5 && metrics->kl_divergence_is_int && kl_int_column) {
            text += ",0";
            continue;
        }
        add_number(text, metrics ? std::optional<double>(metrics->values[i]) : std::nullopt);
    }
    add_text(text, row.cells.reason, formulas);
    text += '\n';
}

}  // namespace

std::string report_file_name(std::optional<std::int64_t> rank, const std::string& utc_timestamp) {
    if (rank) return fmt::format("msprobe_cmp_report_rank{}_{}.csv", *rank, utc_timestamp);
    return fmt::format("msprobe_cmp_report_{}.csv", utc_timestamp);
}

void sort_by_timestamp(std::vector<CompareRow>& rows) {
    std::stable_sort(rows.begin(), rows.end(),
                     [](const CompareRow& a, const CompareRow& b) { return timestamp_key(a) < timestamp_key(b); });
}

bool is_reported(const CompareRow& row) {
    if (row.cells.reason == kShapeMismatch) return false;
    return (row.cells.golden.dtype == "torch.int8") == (row.cells.my.dtype == "torch.int8");
}

void write_report_csv(std::ostream& out, const std::vector<const CompareRow*>& rows, std::size_t first, std::size_t end,
                      report::FormulaCells formulas) {
    const bool kl_int_column = kl_divergence_column_is_int(rows);
    out << header_line();
    std::string line;
    for (std::size_t i = first; i < end; ++i) {
        line.clear();
        add_row(line, *rows[i], kl_int_column, formulas);
        out << line;
    }
}

std::string report_csv_text(const std::vector<const CompareRow*>& rows, std::size_t first, std::size_t end,
                            report::FormulaCells formulas) {
    std::ostringstream text;
    write_report_csv(text, rows, first, end, formulas);
    return text.str();
}

std::vector<const CompareRow*> stage_report(report::StagedFiles& files, const std::filesystem::path& path,
                                            const std::vector<CompareRow>& rows, report::FormulaCells formulas) {
    std::vector<const CompareRow*> written;
    for (const auto& row : rows) {
        if (is_reported(row)) written.push_back(&row);
    }
    const auto parts = report::csv_part_files(written.size(), path);
    for (std::size_t part = 0; part < parts.size(); ++part) {
        const std::size_t first = part * report::kCsvPartRows;
        const std::size_t end = std::min(written.size(), first + report::kCsvPartRows);
        files.stage(parts[part], [&](const std::filesystem::path& temp) {
            std::ofstream out(temp, std::ios::binary | std::ios::trunc);
            write_report_csv(out, written, first, end, formulas);
            out.flush();
            if (!out) throw Error(temp.string(), "cannot write the report");
        });
    }
    return written;
}

}  // namespace msprobe::torchair_compare
