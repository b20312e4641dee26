#include "tensor/numpy_text.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "common/python_text.hpp"
#include "tensor/half.hpp"

namespace msprobe::tensor {

std::string_view numpy_dtype_name(tensor::DType dtype) {
    std::string_view name = tensor::torch_name(dtype);
    const auto dot = name.find('.');
    return dot == std::string_view::npos ? name : name.substr(dot + 1);
}

std::string float16_str(double value) {
    if (std::isnan(value) || std::isinf(value)) return py::float_repr(value);
    const std::uint16_t bits = tensor::float_to_half(static_cast<float>(value));
    // The fewest significant digits that read back as the same float16 (the
    // correctly rounded text at that length, as Dragon4 gives); those digits
    // then print in Python's layout through the double that carries them.
    for (int precision = 0; precision < 8; ++precision) {
        char text[48];
        std::snprintf(text, sizeof text, "%.*e", precision, value);
        const double back = std::strtod(text, nullptr);
        if (tensor::float_to_half(static_cast<float>(back)) == bits) return py::float_repr(back);
    }
    return py::float_repr(value);
}

std::string npy_str(double value, tensor::DType dtype) {
    switch (dtype) {
        case tensor::DType::Float16: return float16_str(value);
        case tensor::DType::BFloat16:
        case tensor::DType::Float32:
        case tensor::DType::Complex64: return py::float32_repr(static_cast<float>(value));
        case tensor::DType::Float64:
        case tensor::DType::Complex128: return py::float_repr(value);
        case tensor::DType::Bool: return value != 0 ? "True" : "False";
        default: break;
    }
    if (std::isnan(value) || std::isinf(value)) return py::float_repr(value);
    return fmt::format("{:.0f}", value);
}

std::string shape_tuple_text(const std::vector<std::int64_t>& shape) {
    std::vector<std::string> items;
    for (auto d : shape) items.push_back(std::to_string(d));
    return py::tuple_text(items);
}

std::string shape_list_text(const std::vector<std::int64_t>& shape) {
    std::vector<std::string> items;
    for (auto d : shape) items.push_back(std::to_string(d));
    return py::list_text(items);
}

std::vector<std::int64_t> unravel_index(std::int64_t flat, const std::vector<std::int64_t>& shape) {
    std::vector<std::int64_t> index(shape.size(), 0);
    for (std::size_t i = shape.size(); i-- > 0;) {
        if (shape[i] <= 0) continue;
        index[i] = flat % shape[i];
        flat /= shape[i];
    }
    return index;
}

std::string printf_g(double value) {
    if (std::isnan(value)) return "nan";  // Python's '%g' never writes "-nan"
    char text[64];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

}  // namespace msprobe::tensor
