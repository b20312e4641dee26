#pragma once
// A contiguous tensor over bytes the view itself keeps alive, for the writer tests.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "tensor/strided.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::testing {

inline tensor::TensorView owned_view(tensor::DType dtype, std::vector<std::int64_t> shape, std::string bytes) {
    auto owner = std::make_shared<const std::string>(std::move(bytes));
    tensor::TensorView view;
    view.dtype = dtype;
    view.strides = tensor::row_major_strides(shape);
    view.shape = std::move(shape);
    view.data = reinterpret_cast<const std::byte*>(owner->data());
    view.owner = owner;
    return view;
}

// `size` bytes of a fixed, varied pattern (no two neighbouring elements alike).
inline std::string patterned_bytes(std::size_t size) {
    std::string bytes(size, '\0');
    for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<char>((i * 37 + 11) & 0x7F);
    return bytes;
}

}  // namespace msprobe::testing
