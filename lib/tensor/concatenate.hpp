#pragma once
// np.concatenate of tensors along one axis: the parts agree in dtype, rank and
// every other dim.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "tensor/tensor_view.hpp"

namespace msprobe::tensor {

// Why `parts` cannot be joined along `axis` (numpy's refusals), or nullopt.
std::optional<std::string> concatenation_problem(const std::vector<TensorView>& parts, std::size_t axis);

// `parts` joined along `axis` into a buffer the result owns; concatenation_problem must be nullopt.
TensorView concatenated(const std::vector<TensorView>& parts, std::size_t axis);

}  // namespace msprobe::tensor
