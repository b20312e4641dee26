#include "compare/tensor_log.hpp"

#include <fmt/format.h>

#include "common/log.hpp"
#include "common/python_text.hpp"
#include "metrics/messages.hpp"

namespace msprobe::compare {

namespace {

// A metric as Python's str() prints it.
std::string str_of(const report::Cell& cell) {
    if (cell.is_number()) return py::float_repr(cell.number());
    if (cell.is_text()) return std::string(cell.text());
    if (cell.is_bool()) return cell.boolean_value() ? "True" : "False";
    return "None";
}

const report::Cell& cell_of(const ResultTable& result, std::size_t row, const char* header) {
    static const report::Cell kEmpty;
    const int column = result.column(header);
    return column < 0 ? kEmpty : result.table.rows[row][static_cast<std::size_t>(column)];
}

// Why a row has no metrics, from its names: the reasons the real-data compare gives, in its order.
std::string missing_data_reason(const ResultTable& result, std::size_t row) {
    const report::Cell& data_name = cell_of(result, row, "Data_name");
    const std::string names(data_name.is_text() ? data_name.text() : std::string_view());
    if (names.rfind("['-1',", 0) == 0) return std::string(metrics::message::kNpuHasNoDataFile);
    if (names.ends_with(", '-1']")) return std::string(metrics::message::kBenchHasNoDataFile);
    const report::Cell& bench = cell_of(result, row, "Bench Name");
    if (bench.is_text() && bench.text() == "N/A") return std::string(metrics::message::kBenchUnmatched);
    return "";
}

// What follows the metrics: a 0-d tensor's pre-check message (msprobe repeats it once per
// earlier 0-d row of its worker; we write it once).
std::string metrics_note(const ResultTable& result, std::size_t row) {
    const report::Cell& cosine = cell_of(result, row, "Cosine");
    return cosine.is_text() && cosine.text() == "unsupported" ? std::string(metrics::message::kZeroDimTensor) : "";
}

std::string npu_name(const ResultTable& result, std::size_t row) { return str_of(cell_of(result, row, "NPU Name")); }

}  // namespace

std::string compare_log_line(const ResultTable& result, std::size_t row) {
    const std::string name = npu_name(result, row);
    const std::string reason = missing_data_reason(result, row);
    if (!reason.empty()) return fmt::format("[{}] Compare result: {} ", name, reason);
    return fmt::format(
        "[{}] Compare result: cosine {}, euc_dist {}, max_abs_err {}, max_relative_err {}, one_thousand_err_ratio {}, "
        "five_thousand_err_ratio {}, {}",
        name, str_of(cell_of(result, row, "Cosine")), str_of(cell_of(result, row, "EucDist")),
        str_of(cell_of(result, row, "MaxAbsErr")), str_of(cell_of(result, row, "MaxRelativeErr")),
        str_of(cell_of(result, row, "One Thousandth Err Ratio")),
        str_of(cell_of(result, row, "Five Thousandths Err Ratio")), metrics_note(result, row));
}

void log_compare_rows(const ResultTable& result) {
    if (result.mode != CompareMode::All) return;
    for (std::size_t row = 0; row < result.table.rows.size(); ++row) {
        log::info(fmt::format("start compare: {}", npu_name(result, row)));
        log::info(compare_log_line(result, row));
    }
}

}  // namespace msprobe::compare
