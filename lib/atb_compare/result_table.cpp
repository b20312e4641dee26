#include "atb_compare/result_table.hpp"

#include <array>
#include <string_view>

#include "atb_compare/statistic_diff.hpp"

namespace msprobe::atb {

namespace {

constexpr std::array<std::string_view, 5> kIdentity = {"Data Name", "Device and PID", "Execution Count", "Data Type",
                                                       "Data Shape"};
constexpr std::array<std::string_view, 4> kStatistics = {"Max", "Min", "Mean", "Norm"};
constexpr std::array<std::string_view, 6> kTensorMetrics = {"Cosine",
                                                            "Euc Distance",
                                                            "Max Absolute Err",
                                                            "Max Relative Err",
                                                            "One Thousandth Err Ratio",
                                                            "Five Thousandth Err Ratio"};

std::vector<report::Cell> identity_cells(const MatchedRow& row) {
    std::vector<report::Cell> cells;
    const auto add = [&](const std::string& target, const std::string& golden) {
        cells.emplace_back(target);
        cells.emplace_back(golden);
    };
    add(row.target->data_name, row.golden->data_name);
    add(row.target->device_and_pid, row.golden->device_and_pid);
    add(row.target->execution_count, row.golden->execution_count);
    add(row.target->dtype, row.golden->dtype);
    add(row.target->shape, row.golden->shape);
    return cells;
}

void append_statistics(std::vector<report::Cell>& cells, const std::array<std::string, 4>& target,
                       const std::array<std::string, 4>& golden) {
    for (std::size_t s = 0; s < target.size(); ++s) {
        cells.emplace_back(target[s]);
        cells.emplace_back(golden[s]);
    }
}

}  // namespace

std::vector<std::string> result_header(DumpMode mode) {
    std::vector<std::string> header;
    for (const auto column : kIdentity) {
        for (const char* side : {"Target", "Golden"}) header.push_back(std::string(side) + " " + std::string(column));
    }
    if (mode == DumpMode::Stats) {
        for (const auto stat : kStatistics) header.push_back(std::string(stat) + " Diff");
        for (const auto stat : kStatistics) header.push_back("Relative Err of " + std::string(stat) + "(%)");
    } else {
        header.insert(header.end(), kTensorMetrics.begin(), kTensorMetrics.end());
    }
    for (const auto stat : kStatistics) {
        for (const char* side : {"Target", "Golden"}) header.push_back(std::string(side) + " " + std::string(stat));
    }
    return header;
}

report::Table stats_table(const std::vector<MatchedRow>& rows) {
    report::Table table;
    table.header = result_header(DumpMode::Stats);
    for (const auto& row : rows) {
        auto cells = identity_cells(row);
        std::array<StatisticDiff, 4> diffs;
        for (std::size_t s = 0; s < diffs.size(); ++s) {
            diffs[s] = statistic_diff(row.target->statistics[s], row.golden->statistics[s]);
        }
        for (const auto& d : diffs) cells.emplace_back(d.diff);
        for (const auto& d : diffs) cells.emplace_back(d.relative_error);
        append_statistics(cells, row.target->statistics, row.golden->statistics);
        table.rows.push_back(std::move(cells));
    }
    return table;
}

report::Table tensor_table(const std::vector<MatchedRow>& rows, const std::vector<TensorModeCells>& cells) {
    report::Table table;
    table.header = result_header(DumpMode::Tensor);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        auto row_cells = identity_cells(rows[r]);
        for (const auto& metric : cells[r].metrics) row_cells.emplace_back(metric);
        append_statistics(row_cells, cells[r].target_statistics, cells[r].golden_statistics);
        table.rows.push_back(std::move(row_cells));
    }
    return table;
}

}  // namespace msprobe::atb
