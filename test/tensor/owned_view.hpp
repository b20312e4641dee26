#pragma once
// A contiguous tensor over bytes the view itself keeps alive, for the writer tests.
#include <string>
#include <utility>
#include <vector>

#include "support/owned_tensor.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::testing {

inline tensor::TensorView owned_view(tensor::DType dtype, std::vector<std::int64_t> shape, std::string bytes) {
    return owned_tensor(dtype, std::move(shape), std::vector<char>(bytes.begin(), bytes.end()));
}

// `size` bytes of a fixed, varied pattern (no two neighbouring elements alike).
inline std::string patterned_bytes(std::size_t size) {
    std::string bytes(size, '\0');
    for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<char>((i * 37 + 11) & 0x7F);
    return bytes;
}

}  // namespace msprobe::testing
