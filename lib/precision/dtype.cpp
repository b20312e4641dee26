#include "precision/dtype.hpp"

#include <array>
#include <utility>

namespace msprobe::precision {

namespace {

struct Names {
    DType dtype;
    const char* numpy;
};

constexpr std::array<Names, 12> kNames = {{
    {DType::Bool, "bool"},         {DType::UInt8, "uint8"},     {DType::Int8, "int8"},
    {DType::Int16, "int16"},       {DType::Int32, "int32"},     {DType::Int64, "int64"},
    {DType::Float16, "float16"},   {DType::BFloat16, "bfloat16"}, {DType::Float32, "float32"},
    {DType::Float64, "float64"},   {DType::Complex64, "complex64"}, {DType::Complex128, "complex128"},
}};

}  // namespace

std::string numpy_name(DType dtype) {
    for (const auto& n : kNames) {
        if (n.dtype == dtype) return n.numpy;
    }
    return "unknown";
}

std::string torch_name(DType dtype) { return "torch." + numpy_name(dtype); }

std::optional<DType> dtype_from_torch_name(std::string_view name) {
    static const std::pair<std::string_view, DType> kAliases[] = {
        {"torch.half", DType::Float16},   {"torch.float", DType::Float32}, {"torch.double", DType::Float64},
        {"torch.long", DType::Int64},     {"torch.int", DType::Int32},     {"torch.short", DType::Int16},
        {"torch.cfloat", DType::Complex64}, {"torch.cdouble", DType::Complex128},
    };
    for (const auto& [alias, dtype] : kAliases) {
        if (alias == name) return dtype;
    }
    if (name.substr(0, 6) != "torch.") return std::nullopt;
    for (const auto& n : kNames) {
        if (name.substr(6) == n.numpy) return n.dtype;
    }
    return std::nullopt;
}

bool is_floating(DType dtype) {
    return dtype == DType::Float16 || dtype == DType::BFloat16 || dtype == DType::Float32 || dtype == DType::Float64;
}

bool is_integral(DType dtype) {
    return dtype == DType::Bool || dtype == DType::UInt8 || dtype == DType::Int8 || dtype == DType::Int16 ||
           dtype == DType::Int32 || dtype == DType::Int64;
}

}  // namespace msprobe::precision
