#pragma once
// The forward computations of the synthetic model's API calls, on the
// tensors' real values, so that every statistic in a generated dump is the
// true one. Elementwise results keep the input's dtype (bfloat16 results are
// rounded); outputs require grad, as they do inside a trained model.
#include "support/synthetic_tensor.hpp"

namespace msprobe::testing::synthetic_ops {

// Over the last dimension, biased variance, then * weight + bias; float32 result.
SyntheticTensor layer_norm(const SyntheticTensor& x, const SyntheticTensor& weight, const SyntheticTensor& bias,
                           double eps);
// x @ weight^T + bias, rounded to `result_dtype` (bfloat16 under autocast).
SyntheticTensor linear(const SyntheticTensor& x, const SyntheticTensor& weight, const SyntheticTensor& bias,
                       tensor::DType result_dtype);
SyntheticTensor gelu(const SyntheticTensor& x);  // exact (erf) form
SyntheticTensor relu(const SyntheticTensor& x);
SyntheticTensor clamp(const SyntheticTensor& x, double low, double high);
SyntheticTensor softmax(const SyntheticTensor& x);  // over the last dimension
SyntheticTensor scale(const SyntheticTensor& x, double factor);
// float32 unless both are bfloat16 (type promotion).
SyntheticTensor add(const SyntheticTensor& a, const SyntheticTensor& b);
// Same values and flags in a new tensor (dropout with p = 0, contiguous, format casts).
SyntheticTensor copy(const SyntheticTensor& x);

}  // namespace msprobe::testing::synthetic_ops
