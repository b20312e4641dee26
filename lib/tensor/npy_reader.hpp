#pragma once
// Reads a NumPy .npy file: versions 1-3, every numeric descr
// numpy writes, Fortran order as a strided view, 0-d arrays. The file is
// memory-mapped and used in place; big-endian data and uint16/uint32/uint64
// (which TensorView lacks, so they are widened to int32/int64/float64) are copied.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <span>
#include <string>

#include "tensor/tensor_view.hpp"

namespace msprobe::tensor {

// Throws msprobe::Error naming the file for a malformed, truncated or
// non-numeric (object, string, structured) array.
TensorView read_npy(const std::filesystem::path& file);

// The same for a file already in memory; `owner` keeps `bytes` alive.
TensorView read_npy(std::span<const std::byte> bytes, std::shared_ptr<const void> owner, const std::string& file);

}  // namespace msprobe::tensor
