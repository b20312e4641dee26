#pragma once
// Writes a tensor as numpy.save (numpy 1.24) writes an array: the same header
// text, growth space and padding, C order. Element types NumPy cannot spell
// (bfloat16) are written widened to float32, which holds every value exactly.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "tensor/tensor_view.hpp"

namespace msprobe::tensor {

// The dtype a .npy file of `dtype` holds: itself, or float32 for bfloat16.
DType npy_stored_dtype(DType dtype);

// numpy's descr of a dtype NumPy can spell ("<f4", "|b1", "<c16", ...).
std::string npy_descr(DType dtype);

// Everything before the data: magic, version (1.0, or 2.0 for a header
// beyond 64 KiB), header length, the header dict padded so the data starts
// at a multiple of 64 bytes.
std::string npy_header(DType dtype, const std::vector<std::int64_t>& shape);

// numpy.save(file, values). Throws msprobe::Error(file, reason) when the file
// cannot be written.
void write_npy(const std::filesystem::path& file, const TensorView& values);

}  // namespace msprobe::tensor
