#include "merge/rank_extract.hpp"

#include <algorithm>

#include "merge/api_selection.hpp"
#include "merge/column_kinds.hpp"
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

// The first sheet of a workbook: row 1 is the header (none when the sheet does not start with it), the
// rows after it are data.
void visit_workbook(const std::filesystem::path& path, const ResultSheet::HeaderHandler& on_header,
                    const ResultSheet::RowHandler& on_row) {
    bool header_given = false;
    report::read_first_xlsx_sheet_rows(path.string(), [&](int index, std::vector<Cell>& cells) {
        if (!header_given) {
            header_given = true;
            std::vector<std::string> header;
            if (index == 0) {
                for (const auto& cell : cells) header.push_back(python_str(cell, NumberColumn::PerCell));
            }
            on_header(header);
            if (index == 0) return;
        }
        on_row(cells);
    });
    if (!header_given) {
        std::vector<std::string> none;
        on_header(none);
    }
}

}  // namespace

ResultSheet::ResultSheet(std::vector<std::string> header, std::vector<std::vector<Cell>> rows)
    : header_(std::move(header)), rows_(std::move(rows)) {}

ResultSheet ResultSheet::in_file(std::filesystem::path path) {
    ResultSheet sheet;
    sheet.path_ = std::move(path);
    return sheet;
}

bool ResultSheet::reads_number_texts() const { return path_ && path_->extension() != ".csv"; }

void ResultSheet::visit(const HeaderHandler& on_header, const RowHandler& on_row) const {
    // pandas skips blank lines, and trailing blank header cells would name unnamed columns.
    const auto on_data_row = [&](std::vector<Cell>& row) {
        if (!blank_row(row)) on_row(row);
    };
    if (!path_) {
        std::vector<std::string> header = header_;
        on_header(header);
        for (auto row : rows_) on_data_row(row);
    } else if (path_->extension() == ".csv") {
        report::read_csv_rows(path_->string(), on_header, on_data_row);
    } else {
        visit_workbook(*path_, on_header, on_data_row);
    }
}

ResultSheet read_result_sheet(const std::filesystem::path& path) { return ResultSheet::in_file(path); }

RankExtract extract_rank_result(const ResultSheet& sheet, int rank, const std::vector<std::string>& apis) {
    RankExtract extract;
    extract.rank = rank;
    std::vector<std::string> header;
    std::size_t name_column = 0;
    ColumnKinds kinds;
    ApiRowFilter filter(apis);
    std::size_t data_rows = 0;
    std::vector<std::vector<Cell>> kept;  // the rows the filter may select, in sheet order
    std::vector<std::string> kept_names;
    sheet.visit(
        [&](std::vector<std::string>& h) {
            header = std::move(h);
            name_column = column_of(header, "NPU Name");
        },
        [&](std::vector<Cell>& row) {
            ++data_rows;
            kinds.add(row);
            const Cell& name = cell_at(row, name_column);
            if (!name.is_text() || !filter.keeps(name.text())) return;
            kept_names.emplace_back(name.text());
            kept.push_back(std::move(row));
        });
    extract.empty = data_rows == 0;
    if (extract.empty) return extract;
    extract.mode = detect_dump_mode(header);
    const auto& indices = valid_compare_indices(extract.mode);
    if (indices.empty()) return extract;

    const bool converted = sheet.reads_number_texts();
    if (converted) {
        // Names that all read as numbers are numbers to pandas, and select nothing.
        if (kinds.converts(name_column)) kept_names.assign(kept_names.size(), std::string());
        for (auto& row : kept) kinds.convert(row);
    }
    const ApiSelection selection = select_api_rows(apis, kept_names);
    extract.unmatched_apis = selection.unmatched;
    for (std::size_t r : selection.rows) extract.names.push_back(kept_names[r]);

    const std::size_t npu_max = column_of(header, "NPU max");
    const std::size_t bench_max = column_of(header, "Bench max");
    const NumberColumn npu_kind = kinds.kind(npu_max, converted);
    const NumberColumn bench_kind = kinds.kind(bench_max, converted);
    for (const auto& index : indices) {
        const std::size_t column = column_of(header, index);
        auto& values = extract.values[index];
        values.reserve(selection.rows.size());
        for (std::size_t r : selection.rows) {
            const auto& row = kept[r];
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
