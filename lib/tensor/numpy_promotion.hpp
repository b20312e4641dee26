#pragma once
// The dtype NumPy gives a binary operation of two arrays (numpy.result_type),
// for the dtypes NumPy holds that a dump tensor can have.
#include "tensor/tensor_view.hpp"

namespace msprobe::tensor {

// Neither may be bfloat16 (NumPy has none: readers widen it first) nor complex.
DType numpy_result_type(DType a, DType b);

}  // namespace msprobe::tensor
