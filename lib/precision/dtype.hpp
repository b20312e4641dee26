#pragma once
// The element types run_ut meets in outputs, with the two spellings its CSV
// cells use: torch's ("torch.float16") and NumPy's ("float16").
#include <optional>
#include <string>
#include <string_view>

namespace msprobe::precision {

enum class DType {
    Bool, UInt8, Int8, Int16, Int32, Int64,
    Float16, BFloat16, Float32, Float64,
    Complex64, Complex128,
};

std::string torch_name(DType dtype);   // "torch.float16"
std::string numpy_name(DType dtype);   // "float16" (bfloat16 has no NumPy name; callers widen it first)
std::optional<DType> dtype_from_torch_name(std::string_view name);

bool is_floating(DType dtype);  // float16, bfloat16, float32, float64
bool is_integral(DType dtype);  // bool and the integer types

}  // namespace msprobe::precision
