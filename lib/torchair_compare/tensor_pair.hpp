#pragma once
// One golden tensor against one of ours, as a row of msprobe's torchair report
// gets it (torchair_cmp_utils.py: fill_row_data, compare_data, check_tensor,
// compare_tensor): both flattened to float32; tensors of different lengths
// ("data shape doesn't match.") or holding NaN or inf ("golden_data includes
// NAN or inf." / "my_data includes NAN or inf.", reasons joined by a space),
// and empty ones, get their reason instead of metrics; the others the seven
// metrics and an empty reason. Both sides are described whatever the outcome.
#include <optional>
#include <string>
#include <string_view>

#include "tensor/tensor_view.hpp"
#include "torchair_compare/tensor_statistics.hpp"
#include "torchair_compare/torchair_metrics.hpp"

namespace msprobe::torchair_compare {

// The reason msprobe drops a row for before writing its report.
inline constexpr std::string_view kShapeMismatch = "data shape doesn't match.";

struct TensorPairCells {
    TensorStatistics golden;
    TensorStatistics my;
    std::optional<TorchairMetrics> metrics;
    std::string reason;  // cmp_fail_reason
};

TensorPairCells compare_tensor_pair(const tensor::TensorView& golden, const tensor::TensorView& my);

}  // namespace msprobe::torchair_compare
