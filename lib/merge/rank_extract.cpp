#include "merge/rank_extract.hpp"

#include <algorithm>

#include "merge/api_selection.hpp"
#include "merge/number_text_columns.hpp"
#include "merge/python_cell_text.hpp"
#include "report/csv_reader.hpp"
#include "report/xlsx_reader.hpp"

namespace msprobe::merge {

namespace {

using report::Cell;

bool blank_row(const std::vector<Cell>& row) {
    return std::all_of(row.begin(), row.end(), [](const Cell& c) { return c.is_empty(); });
}

std::size_t column_of(const std::vector<std::string>& header, const std::string& name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
}

const Cell& cell_at(const std::vector<Cell>& row, std::size_t column) {
    static const Cell kEmpty;
    return column < row.size() ? row[column] : kEmpty;
}

// The metric texts that mean "no diff here": msprobe shows the two raw maxima instead.
bool shows_maxima(const Cell& value) {
    return value.is_text() && (value.text() == "N/A" || value.text() == "unsupported" || value.text() == "Nan");
}

}  // namespace

ResultSheet read_result_sheet(const std::filesystem::path& path) {
    ResultSheet sheet;
    std::vector<std::vector<Cell>> rows;
    if (path.extension() == ".csv") {
        auto csv = report::read_csv(path.string());
        sheet.header = std::move(csv.header);
        rows = std::move(csv.rows);
    } else {
        auto first = report::read_first_xlsx_sheet(path.string());
        if (!first.rows.empty()) {
            for (const auto& cell : first.rows.front()) sheet.header.push_back(python_str(cell, NumberColumn::PerCell));
            rows.assign(std::make_move_iterator(first.rows.begin() + 1), std::make_move_iterator(first.rows.end()));
        }
    }
    // pandas skips blank lines, and trailing blank header cells would name unnamed columns.
    rows.erase(std::remove_if(rows.begin(), rows.end(), blank_row), rows.end());
    if (path.extension() != ".csv") convert_number_text_columns(rows);  // the CSV reader types its fields itself
    sheet.rows = std::move(rows);
    return sheet;
}

RankExtract extract_rank_result(const ResultSheet& sheet, int rank, const std::vector<std::string>& apis) {
    RankExtract extract;
    extract.rank = rank;
    extract.empty = sheet.rows.empty();
    if (extract.empty) return extract;
    extract.mode = detect_dump_mode(sheet.header);
    const auto& indices = valid_compare_indices(extract.mode);
    if (indices.empty()) return extract;

    const std::size_t name_column = column_of(sheet.header, "NPU Name");
    std::vector<std::string> names;
    names.reserve(sheet.rows.size());
    for (const auto& row : sheet.rows) {
        const Cell& name = cell_at(row, name_column);
        names.emplace_back(name.is_text() ? name.text() : std::string_view());
    }
    const ApiSelection selection = select_api_rows(apis, names);
    extract.unmatched_apis = selection.unmatched;
    for (std::size_t r : selection.rows) extract.names.push_back(names[r]);

    const std::size_t npu_max = column_of(sheet.header, "NPU max");
    const std::size_t bench_max = column_of(sheet.header, "Bench max");
    const NumberColumn npu_kind = number_column_kind(sheet.rows, npu_max);
    const NumberColumn bench_kind = number_column_kind(sheet.rows, bench_max);
    for (const auto& index : indices) {
        const std::size_t column = column_of(sheet.header, index);
        auto& values = extract.values[index];
        values.reserve(selection.rows.size());
        for (std::size_t r : selection.rows) {
            const auto& row = sheet.rows[r];
            const Cell& value = cell_at(row, column);
            if (shows_maxima(value)) {
                values.emplace_back("NPU:" + python_str(cell_at(row, npu_max), npu_kind) +
                                    "  Bench:" + python_str(cell_at(row, bench_max), bench_kind));
            } else {
                values.push_back(value);
            }
        }
    }
    return extract;
}

}  // namespace msprobe::merge
