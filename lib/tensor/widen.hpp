#pragma once
// Dense float32 copies of 16-bit float tensors, for comparisons that must not
// compute in 16-bit precision.
#include "tensor/tensor_view.hpp"

namespace msprobe::tensor {

// A contiguous float32 tensor holding the same values (exactly: every float16
// and bfloat16 value is a float32 value). Float16 and BFloat16 only.
TensorView widened_to_float32(const TensorView& view);

// `count` float16 values stored one after another from `halves` (any
// alignment) into `out`: the same values as half_to_float, in a loop without
// branches that the compiler vectorizes, for whole tensors.
void widen_float16(const std::byte* halves, std::size_t count, float* out);

}  // namespace msprobe::tensor
