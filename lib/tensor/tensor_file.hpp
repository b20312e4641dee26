#pragma once
// One entry point for the tensor files of a dump, chosen by suffix, and the
// plainest way to look at their values.
#include <filesystem>
#include <vector>

#include "tensor/tensor_view.hpp"

namespace msprobe::tensor {

// ".pt" -> read_pt, ".npy" -> read_npy; anything else is an msprobe::Error.
// Only msprobe::Error (naming the file) leaves it, whatever the file holds.
TensorView read_tensor_file(const std::filesystem::path& file);

// Every element as a double, in logical row-major order whatever the strides.
// float16/bfloat16 are widened exactly, bool gives 0/1, int64 beyond 2^53
// rounds; a complex element gives two doubles (real, imaginary).
std::vector<double> to_double_vector(const TensorView& view);

}  // namespace msprobe::tensor
