#pragma once
// NumPy's floating-point arithmetic at float16/float32/float64 on values held
// as doubles: every result is rounded to the array's dtype, and sums follow
// NumPy's pairwise summation, so means and ratios match the reference's cells
// to the last digit.
#include <cstddef>
#include <span>
#include <vector>

#include "tensor/tensor_view.hpp"

namespace msprobe::precision {

enum class Fp { F16, F32, F64 };

// float16/bfloat16 arrays become float32 before any compare, so bfloat16 maps to F32.
Fp fp_of(tensor::DType dtype);
Fp wider(Fp a, Fp b);
tensor::DType dtype_of(Fp fp);

// `value` rounded to the precision of `fp` (float16 through float32, as NumPy's half loops do).
double round_to(Fp fp, double value);
// The same for bfloat16 (used when a bench value is cast to a bfloat16 device dtype).
double round_to_bfloat16(double value);

// numpy.finfo(fp).eps and .max.
double machine_epsilon(Fp fp);
double finfo_max(tensor::DType dtype);

// np.sum of an array of dtype `fp` (pairwise summation with 8-way unrolling,
// blocks of 128, the accumulator in the array's dtype; float16 accumulates in float32).
double pairwise_sum(std::span<const double> values, Fp fp);

// np.mean: the pairwise sum divided by the count, rounded to the dtype.
double numpy_mean(std::span<const double> values, Fp fp);

}  // namespace msprobe::precision
