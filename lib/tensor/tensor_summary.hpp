#pragma once
// One tensor file summarised the way msprobe's parse tool (`pt`) shows it:
// max/min/mean with NumPy's exact arithmetic (pairwise float32 sums, the mean
// of float16 accumulated in float32), plus nan/inf counts.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "tensor/tensor_view.hpp"

namespace msprobe::tensor {

struct TensorSummary {
    tensor::DType dtype = tensor::DType::Float32;  // as stored in the file
    std::vector<std::int64_t> shape;
    std::int64_t numel = 0;
    double max = 0;   // a value of value_dtype (NaN when any element is NaN)
    double min = 0;
    double mean = 0;  // a value of mean_dtype
    tensor::DType value_dtype = tensor::DType::Float32;  // dtype the values print in (bfloat16 -> float32)
    tensor::DType mean_dtype = tensor::DType::Float32;   // numpy's result dtype of mean()
    std::int64_t nan_count = 0;
    std::int64_t posinf_count = 0;
    std::int64_t neginf_count = 0;
};

// Every element as a double in row-major order, with bfloat16 widened (exact).
// Complex tensors are refused (msprobe::Error naming `file`).
std::vector<double> tensor_values(const tensor::TensorView& view, const std::string& file);

// The summary of a tensor whose values are `values` (tensor_values(view)).
TensorSummary summarize(const tensor::TensorView& view, const std::vector<double>& values);

// "[Shape: (4, 16)] [Dtype: float32] [Max: 2.9682662] [Min: -2.4173992] [Mean: -0.060608055]"
std::string spec_text(const TensorSummary& summary);

// numpy's sum of float32 values (pairwise, in float32) and of float64 values
// processed in buffers of 8192 (a cast ahead of the sum), as np.mean uses them.
float numpy_sum_float32(const double* values, std::int64_t count, bool buffered);
double numpy_sum_float64(const double* values, std::int64_t count, bool buffered);

// numpy.savetxt(file, data.reshape(-1, last_dim), fmt="%g", delimiter=" ")
// text: one row per line (one value per row for 0-d tensors).
std::string values_text(const std::vector<double>& values, const std::vector<std::int64_t>& shape);

}  // namespace msprobe::tensor
