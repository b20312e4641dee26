#include "compare/august_tensor_log.hpp"

#include <fmt/format.h>

#include "common/log.hpp"
#include "common/python_text.hpp"

namespace msprobe::compare {

namespace {

// A metric as Python's str() prints it.
std::string str_of(const report::Cell& cell) {
    if (cell.is_number()) return py::float_repr(cell.number());
    if (cell.is_text()) return cell.text();
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
    const std::string names = data_name.is_text() ? data_name.text() : "";
    if (names.rfind("['-1',", 0) == 0) return "NPU does not have data file.";
    if (names.size() >= 7 && names.compare(names.size() - 7, 7, ", '-1']") == 0) return "Bench does not have data file.";
    const report::Cell& bench = cell_of(result, row, "Bench Name");
    if (bench.is_text() && bench.text() == "N/A") return "Bench api/module unmatched.";
    return "";
}

}  // namespace

std::string compare_log_line(const ResultTable& result, std::size_t row) {
    const report::Cell& npu = cell_of(result, row, "NPU Name");
    const std::string name = npu.is_text() ? npu.text() : str_of(npu);
    const std::string reason = missing_data_reason(result, row);
    if (!reason.empty()) return fmt::format("[{}] Compare result: {} ", name, reason);
    return fmt::format(
        "[{}] Compare result: cosine {}, euc_dist {}, max_abs_err {}, max_relative_err {}, one_thousand_err_ratio {}, "
        "five_thousand_err_ratio {}, ",
        name, str_of(cell_of(result, row, "Cosine")), str_of(cell_of(result, row, "EucDist")),
        str_of(cell_of(result, row, "MaxAbsErr")), str_of(cell_of(result, row, "MaxRelativeErr")),
        str_of(cell_of(result, row, "One Thousandth Err Ratio")),
        str_of(cell_of(result, row, "Five Thousandths Err Ratio")));
}

void log_compare_rows(const ResultTable& result) {
    if (result.mode != CompareMode::All) return;
    for (std::size_t row = 0; row < result.table.rows.size(); ++row) {
        const report::Cell& npu = cell_of(result, row, "NPU Name");
        log::info(fmt::format("start compare: {}", npu.is_text() ? npu.text() : str_of(npu)));
        log::info(compare_log_line(result, row));
    }
}

}  // namespace msprobe::compare
