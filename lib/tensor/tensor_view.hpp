#pragma once
// A typed, strided view of tensor elements that live in memory someone else
// owns (a memory-mapped .pt/.npy file, or a buffer made by a conversion).
// Every reader produces one; all metric code consumes one.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace msprobe::tensor {

enum class DType : std::uint8_t {
    Float16,
    BFloat16,
    Float32,
    Float64,
    Int8,
    Int16,
    Int32,
    Int64,
    UInt8,
    Bool,
    Complex64,
    Complex128,
};

std::size_t dtype_size(DType dtype);
bool is_floating(DType dtype);  // float16, bfloat16, float32, float64
// PyTorch spelling, e.g. "torch.float32".
std::string_view torch_name(DType dtype);
// NumPy spelling, e.g. "float32" (bfloat16 has none; its callers widen it first).
std::string_view numpy_name(DType dtype);

struct TensorView {
    DType dtype = DType::Float32;
    std::vector<std::int64_t> shape;    // empty for a 0-d tensor
    std::vector<std::int64_t> strides;  // in elements, same length as shape
    const std::byte* data = nullptr;    // element [0, ..., 0] (storage offset already applied)
    std::shared_ptr<const void> owner;  // keeps the memory behind data alive

    std::int64_t numel() const;
    bool is_contiguous() const;  // row-major, no gaps
};

}  // namespace msprobe::tensor
