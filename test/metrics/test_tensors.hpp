#pragma once
// Builds TensorViews over in-memory buffers for the metric tests (no files).
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "metrics/half_float.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::metrics::testing {

using tensor::DType;
using tensor::TensorView;

inline std::uint16_t float_to_bfloat16(float value) {  // round to nearest even
    std::uint32_t bits;
    std::memcpy(&bits, &value, 4);
    if ((bits & 0x7fffffffu) > 0x7f800000u) return static_cast<std::uint16_t>((bits >> 16) | 0x40u);
    bits += 0x7fffu + ((bits >> 16) & 1u);
    return static_cast<std::uint16_t>(bits >> 16);
}

// Stores `value` as one element of `dtype` (narrowing like a cast).
inline void store_element(std::byte* out, DType dtype, double value) {
    auto put = [out](auto v) { std::memcpy(out, &v, sizeof v); };
    switch (dtype) {
        case DType::Float16: put(float_to_half(static_cast<float>(value))); break;
        case DType::BFloat16: put(float_to_bfloat16(static_cast<float>(value))); break;
        case DType::Float32: put(static_cast<float>(value)); break;
        case DType::Float64: put(value); break;
        case DType::Int8: put(static_cast<std::int8_t>(value)); break;
        case DType::Int16: put(static_cast<std::int16_t>(value)); break;
        case DType::Int32: put(static_cast<std::int32_t>(value)); break;
        case DType::Int64: put(static_cast<std::int64_t>(value)); break;
        case DType::UInt8: put(static_cast<std::uint8_t>(value)); break;
        case DType::Bool: put(static_cast<std::uint8_t>(value != 0 ? 1 : 0)); break;
        // Complex: real part = value, imaginary part = value too (must be ignored).
        case DType::Complex64: put(static_cast<float>(value)); std::memcpy(out + 4, out, 4); break;
        case DType::Complex128: put(value); std::memcpy(out + 8, out, 8); break;
    }
}

inline std::vector<std::int64_t> contiguous_strides(const std::vector<std::int64_t>& shape) {
    std::vector<std::int64_t> strides(shape.size());
    std::int64_t step = 1;
    for (std::size_t d = shape.size(); d-- > 0;) {
        strides[d] = step;
        step *= shape[d];
    }
    return strides;
}

// A tensor of `dtype` holding `values` (row-major) with the given shape
// (default: 1-d; {} gives a 0-d tensor of values[0]).
// `element_step` > 1 spreads the elements out (a strided view of a bigger
// buffer); `byte_shift` moves the first element off any alignment.
inline TensorView make_tensor(DType dtype, const std::vector<double>& values,
                              std::vector<std::int64_t> shape = {-1}, std::int64_t element_step = 1,
                              std::size_t byte_shift = 0) {
    if (shape.size() == 1 && shape[0] == -1) shape = {static_cast<std::int64_t>(values.size())};
    const std::size_t element = tensor::dtype_size(dtype);
    const std::size_t count = values.size();
    auto buffer =
        std::make_shared<std::vector<std::byte>>(byte_shift + (count * element_step + 1) * element, std::byte{0x5a});
    std::byte* base = buffer->data() + byte_shift;
    for (std::size_t i = 0; i < count; ++i) store_element(base + i * element_step * element, dtype, values[i]);
    TensorView view;
    view.dtype = dtype;
    view.shape = shape;
    view.strides = contiguous_strides(shape);
    for (auto& s : view.strides) s *= element_step;
    view.data = base;
    view.owner = buffer;
    return view;
}

inline TensorView scalar_tensor(DType dtype, double value) { return make_tensor(dtype, {value}, {}); }

// The transpose of the rows x cols row-major matrix `storage`, as a strided
// (non-contiguous) view: element (i, j) of the cols x rows view is storage[j * cols + i].
inline TensorView transposed_view(DType dtype, const std::vector<double>& storage, std::int64_t rows,
                                  std::int64_t cols) {
    TensorView view = make_tensor(dtype, storage, {rows, cols});
    view.shape = {cols, rows};
    view.strides = {1, cols};
    return view;
}

inline constexpr double kInf = INFINITY;
inline constexpr double kNan = NAN;

}  // namespace msprobe::metrics::testing
