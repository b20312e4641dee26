#pragma once
// numpy.matmul of two tensors as NumPy computes it: a 1-D operand promoted to
// a matrix and its dimension removed from the result, batch dimensions
// broadcast, the result in NumPy's promoted dtype. Each element is summed in
// order along the shared dimension: float16 in float32 (NumPy's own loop),
// float32 in float32 and float64 in float64 with every product and sum rounded
// (NumPy's loop, and reference BLAS's sgemm/dgemm/gemv); integers wrap.
#include <cstdint>
#include <functional>

#include "tensor/tensor_view.hpp"

namespace msprobe::tensor {

// Runs body(i) for every i in [0, count), possibly concurrently, and returns
// when all calls have finished (a thread pool's parallel_for).
using MatmulParallelFor = std::function<void(std::int64_t count, const std::function<void(std::int64_t)>& body)>;

// A new contiguous tensor that owns its elements. Throws msprobe::Error (its
// reason NumPy's complaint, no file) where numpy.matmul raises: a 0-d operand,
// shared dimensions that differ, batch dimensions that do not broadcast; and
// for bfloat16 (NumPy holds none) and complex operands. `parallel_for`, when
// given, computes blocks of rows at once; the result is the same.
TensorView numpy_matmul(const TensorView& a, const TensorView& b, const MatmulParallelFor& parallel_for = {});

}  // namespace msprobe::tensor
