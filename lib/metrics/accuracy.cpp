#include "metrics/accuracy.hpp"

#include <optional>

#include "common/log.hpp"
#include "common/python_text.hpp"

namespace msprobe::metrics {
namespace {

bool is_text(const AccuracyOperand& cell, std::string_view text) {
    const auto* s = std::get_if<std::string_view>(&cell);
    return s != nullptr && *s == text;
}

// Python float() semantics, so the text "Nan" becomes NaN like in msprobe.
std::optional<double> as_number(const AccuracyOperand& cell) {
    if (const auto* number = std::get_if<double>(&cell)) return *number;
    return py::parse_float(std::get<std::string_view>(cell));
}

}  // namespace

std::string_view accuracy_reached(const AccuracyOperand& cosine, const AccuracyOperand& max_abs_err) {
    if (is_text(cosine, "shape unmatched")) return "Unmatched";
    if (is_text(cosine, "None") || is_text(max_abs_err, "None")) return "None";
    if (is_text(cosine, "N/A") || is_text(max_abs_err, "N/A")) return "No";
    const auto c = as_number(cosine);
    const auto m = as_number(max_abs_err);
    if (!c || !m) {
        log::debug("Cosine or MaxAbsErr can not get float value.");
        return "None";
    }
    // NaN compares false everywhere, so a "Nan" cosine passes unless m > 1.
    if (*c < 0.99 && *m > 0.001) return "No";
    if (*c < 0.9 || *m > 1) return "No";
    return "Yes";
}

AccuracyOperand accuracy_operand(const MetricCell& cell) {
    if (cell.is_number()) return cell.value;
    return placeholder_text(cell.state);
}

std::string_view accuracy_reached(const MetricCell& cosine, const MetricCell& max_abs_err) {
    return accuracy_reached(accuracy_operand(cosine), accuracy_operand(max_abs_err));
}

}  // namespace msprobe::metrics
