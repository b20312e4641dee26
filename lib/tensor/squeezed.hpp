#pragma once
// numpy.squeeze: the same elements without the dimensions of size 1, as a view
// (msprobe's August readers squeeze every tensor they load).
#include "tensor/tensor_view.hpp"

namespace msprobe::tensor {

TensorView squeezed(const TensorView& view);

}  // namespace msprobe::tensor
