#pragma once
// After a tensor file is read, its view goes through what compare and parse
// do with it: the fused metric pass (every element, strides and dtype as
// read) and parse's element list.
#include "metrics/tensor_metrics.hpp"
#include "tensor/tensor_summary.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::fuzz {

inline void use_tensor(const tensor::TensorView& view, const std::string& file) {
    (void)metrics::compare_tensors(view, view);
    const auto values = tensor::tensor_values(view, file);
    (void)tensor::summarize(view, values);
}

}  // namespace msprobe::fuzz
