#pragma once
// The description msprobe writes of each side of a torchair row
// (torchair_cmp_utils.py:get_tensor_basic_info): the torch dtype of the tensor
// as loaded, its shape as a Python list, and unless a dim is 0 the max, min
// and mean of its float32 values (torch's .float().max() / .min() / .mean():
// NaN when any value is NaN; the mean's sum is accumulated in float64 and
// rounded to float32 once).
#include <optional>
#include <span>
#include <string>

#include "tensor/tensor_view.hpp"

namespace msprobe::torchair_compare {

struct TensorStatistics {
    std::string dtype;                     // "torch.float16"
    std::string shape;                     // "[2, 3]", "[]" for a 0-d tensor
    std::optional<double> max, min, mean;  // float32 values, absent for an empty tensor
};

// `values` are float_elements(view).
TensorStatistics tensor_statistics(const tensor::TensorView& view, std::span<const float> values);

}  // namespace msprobe::torchair_compare
