#pragma once
// "Accuracy Reached or Not" from the final Cosine and MaxAbsErr cells.
#include <string_view>
#include <variant>

#include "metrics/metric_cell.hpp"

namespace msprobe::metrics {

// A cell as the rule reads it: a number, or a text ("" for an empty cell).
using AccuracyOperand = std::variant<double, std::string_view>;

// "Unmatched", "None", "No" or "Yes", first rule that applies.
std::string_view accuracy_reached(const AccuracyOperand& cosine, const AccuracyOperand& max_abs_err);
std::string_view accuracy_reached(const MetricCell& cosine, const MetricCell& max_abs_err);

// The cell as the rule sees it: numbers stay numbers, placeholders become their text.
AccuracyOperand accuracy_operand(const MetricCell& cell);

}  // namespace msprobe::metrics
