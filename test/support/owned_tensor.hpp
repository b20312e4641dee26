#pragma once
// A contiguous tensor over typed values it keeps alive itself, for tests that build operands in memory.
#include <cstdint>
#include <memory>
#include <vector>

#include "tensor/strided.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::testing {

// `values` in row-major order; T matches `dtype`'s element (std::uint16_t for float16 and bfloat16 bits).
template <class T>
tensor::TensorView owned_tensor(tensor::DType dtype, std::vector<std::int64_t> shape, std::vector<T> values) {
    auto owner = std::make_shared<const std::vector<T>>(std::move(values));
    tensor::TensorView view;
    view.dtype = dtype;
    view.strides = tensor::row_major_strides(shape);
    view.shape = std::move(shape);
    view.data = reinterpret_cast<const std::byte*>(owner->data());
    view.owner = owner;
    return view;
}

}  // namespace msprobe::testing
