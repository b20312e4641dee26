#pragma once
// NumPy's text of scalars, dtypes and shapes, as msprobe's parse tool prints
// them with str(): float32 and float16 scalars in their own shortest
// round-trip digits, Python-style layout, integers plain.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tensor/tensor_view.hpp"

namespace msprobe::tensor {

// numpy's dtype name: "float32", "float16", "int64", "bool"; "bfloat16" for
// the torch-only type.
std::string_view numpy_dtype_name(tensor::DType dtype);

// str() of a numpy scalar of `dtype` holding `value` (already a value of that
// dtype). bfloat16 values print as float32 (what .float() gives).
std::string npy_str(double value, tensor::DType dtype);

// str(numpy.float16(value)): shortest digits that round-trip in float16.
std::string float16_str(double value);

// A shape as a Python tuple "(4, 16)", "(5,)", "()" and as a list "[4, 16]".
std::string shape_tuple_text(const std::vector<std::int64_t>& shape);
std::string shape_list_text(const std::vector<std::int64_t>& shape);

// The multi-dimensional index of flat (row-major) position `flat`: "(0, 3, 1)".
std::vector<std::int64_t> unravel_index(std::int64_t flat, const std::vector<std::int64_t>& shape);

// C printf "%g" (numpy.savetxt(fmt="%g")).
std::string printf_g(double value);

}  // namespace msprobe::tensor
