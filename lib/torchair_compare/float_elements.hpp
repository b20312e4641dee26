#pragma once
// A tensor as torch's `.reshape(-1).float()` gives it to msprobe's torchair
// metrics and statistics: every element in row-major order, converted to
// float32 with one rounding (int64 and float64 straight to float32), bool as
// 0/1, a complex element as its real part.
#include <vector>

#include "tensor/tensor_view.hpp"

namespace msprobe::torchair_compare {

std::vector<float> float_elements(const tensor::TensorView& view);

}  // namespace msprobe::torchair_compare
