#include "tensor/tensor_view.hpp"

namespace msprobe::tensor {

std::size_t dtype_size(DType dtype) {
    switch (dtype) {
        case DType::Float16: case DType::BFloat16: case DType::Int16: return 2;
        case DType::Float32: case DType::Int32: return 4;
        case DType::Float64: case DType::Int64: case DType::Complex64: return 8;
        case DType::Complex128: return 16;
        case DType::Int8: case DType::UInt8: case DType::Bool: return 1;
    }
    return 0;
}

bool is_floating(DType dtype) {
    return dtype == DType::Float16 || dtype == DType::BFloat16 || dtype == DType::Float32 || dtype == DType::Float64;
}

std::string_view torch_name(DType dtype) {
    switch (dtype) {
        case DType::Float16: return "torch.float16";
        case DType::BFloat16: return "torch.bfloat16";
        case DType::Float32: return "torch.float32";
        case DType::Float64: return "torch.float64";
        case DType::Int8: return "torch.int8";
        case DType::Int16: return "torch.int16";
        case DType::Int32: return "torch.int32";
        case DType::Int64: return "torch.int64";
        case DType::UInt8: return "torch.uint8";
        case DType::Bool: return "torch.bool";
        case DType::Complex64: return "torch.complex64";
        case DType::Complex128: return "torch.complex128";
    }
    return "unknown";
}

std::string_view numpy_name(DType dtype) {
    std::string_view name = torch_name(dtype);
    if (name.starts_with("torch.")) name.remove_prefix(6);
    return name;
}

std::int64_t TensorView::numel() const {
    std::int64_t n = 1;
    for (auto d : shape) n *= d;
    return n;
}

bool TensorView::is_contiguous() const {
    std::int64_t expected = 1;
    for (std::size_t i = shape.size(); i-- > 0;) {
        if (shape[i] != 1 && strides[i] != expected) return false;
        expected *= shape[i];
    }
    return true;
}

}  // namespace msprobe::tensor
