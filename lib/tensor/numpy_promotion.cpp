#include "tensor/numpy_promotion.hpp"

namespace msprobe::tensor {

namespace {

bool is_signed_integer(DType t) {
    return t == DType::Int8 || t == DType::Int16 || t == DType::Int32 || t == DType::Int64;
}
bool is_float(DType t) { return t == DType::Float16 || t == DType::Float32 || t == DType::Float64; }
std::size_t bits(DType t) { return dtype_size(t) * 8; }

}  // namespace

DType numpy_result_type(DType a, DType b) {
    if (a == b) return a;
    if (b == DType::Bool) return a;
    if (a == DType::Bool) return b;
    if (is_float(a) && is_float(b)) return bits(a) > bits(b) ? a : b;
    if (is_float(a) || is_float(b)) {
        // The narrowest float that holds every value of the integer type.
        const DType f = is_float(a) ? a : b;
        const std::size_t integer = bits(is_float(a) ? b : a);
        if (f == DType::Float16) return integer == 8 ? DType::Float16 : integer == 16 ? DType::Float32 : DType::Float64;
        if (f == DType::Float32) return integer <= 16 ? DType::Float32 : DType::Float64;
        return DType::Float64;
    }
    // Two integer types.
    if (is_signed_integer(a) && is_signed_integer(b)) return bits(a) > bits(b) ? a : b;
    const DType s = a == DType::UInt8 ? b : a;  // the signed one
    return s == DType::Int8 ? DType::Int16 : s;
}

}  // namespace msprobe::tensor
