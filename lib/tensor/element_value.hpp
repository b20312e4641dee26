#pragma once
// One element of a tensor's memory as a C++ value.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "tensor/half.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::tensor {

// The `T` stored at `element` (any alignment).
template <class T>
T load_element(const std::byte* element) {
    T value;
    std::memcpy(&value, element, sizeof value);
    return value;
}

// A real element of `dtype` converted to `T` as static_cast converts it:
// float16 and bfloat16 widen exactly, bool gives 0 or 1, an integer type
// into an unsigned `T` wraps. Complex dtypes give T{} (callers take them apart).
template <class T>
T element_as(const std::byte* element, DType dtype) {
    switch (dtype) {
        case DType::Float16: return static_cast<T>(half_to_float(load_element<std::uint16_t>(element)));
        case DType::BFloat16: return static_cast<T>(bfloat16_to_float(load_element<std::uint16_t>(element)));
        case DType::Float32: return static_cast<T>(load_element<float>(element));
        case DType::Float64: return static_cast<T>(load_element<double>(element));
        case DType::Int8: return static_cast<T>(load_element<std::int8_t>(element));
        case DType::Int16: return static_cast<T>(load_element<std::int16_t>(element));
        case DType::Int32: return static_cast<T>(load_element<std::int32_t>(element));
        case DType::Int64: return static_cast<T>(load_element<std::int64_t>(element));
        case DType::UInt8: return static_cast<T>(load_element<std::uint8_t>(element));
        case DType::Bool: return static_cast<T>(load_element<std::uint8_t>(element) != 0 ? 1 : 0);
        case DType::Complex64:
        case DType::Complex128: return T{};
    }
    return T{};
}

}  // namespace msprobe::tensor
