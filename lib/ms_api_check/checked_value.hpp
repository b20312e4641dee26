#pragma once
// One output as the MindSpore checker compares it (msprobe's ComputeElement after a run): its dtype text as the
// details file prints it ("Float32", "int", "tuple", ...), its shape, and a tensor's values widened to float64.
#include <cstdint>
#include <string>
#include <vector>

namespace msprobe::ms_api_check {

struct CheckedValue {
    enum class Kind { None, Tensor, Other };
    Kind kind = Kind::None;
    std::string dtype;                // msprobe's dtype_str; empty where msprobe's is None
    std::vector<std::int64_t> shape;  // a tensor's; empty (Python's ()) for everything else
    std::vector<double> values;       // a tensor's elements, row-major, as float64

    bool is_tensor() const { return kind == Kind::Tensor; }
};

// msprobe's float_dtype_str_list: the dtypes whose backward outputs are compared.
bool is_float_dtype(const std::string& dtype);

// Python's str() of the shape tuple: "(2, 3)", "(4,)", "()".
std::string shape_text(const std::vector<std::int64_t>& shape);

// utils.trim_output_compute_element_list: None values dropped, and in backward every non-float value.
std::vector<CheckedValue> trimmed(std::vector<CheckedValue> values, bool backward);

}  // namespace msprobe::ms_api_check
