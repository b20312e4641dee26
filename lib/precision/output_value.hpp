#pragma once
// What an API execution returned, as the comparator sees it: a tensor
// (values held as doubles), a Python builtin, None, a sequence or a dict.
// The libtorch side converts its IValues into this; the comparator and the
// precision standards never see libtorch.
#include <cstdint>
#include <string>
#include <vector>

#include "tensor/tensor_view.hpp"

namespace msprobe::precision {

struct TensorData {
    tensor::DType dtype = tensor::DType::Float32;
    std::vector<std::int64_t> shape;
    std::vector<double> values;  // row-major; exact for every float dtype and for ints up to 2^53
};

struct OutputValue {
    enum class Kind { None, Tensor, Bool, Int, Float, Str, Sequence, Dict, Other };
    Kind kind = Kind::None;
    TensorData tensor;
    double number = 0.0;              // Bool (0/1), Int, Float
    std::string text;                 // Str value; for Other the Python class name
    std::vector<OutputValue> items;   // Sequence items, Dict values
    std::vector<std::string> keys;    // Dict keys

    static OutputValue none() { return {}; }
    static OutputValue of_tensor(TensorData t) {
        OutputValue v;
        v.kind = Kind::Tensor;
        v.tensor = std::move(t);
        return v;
    }
    static OutputValue of_int(std::int64_t i) {
        OutputValue v;
        v.kind = Kind::Int;
        v.number = static_cast<double>(i);
        return v;
    }
    static OutputValue of_float(double d) {
        OutputValue v;
        v.kind = Kind::Float;
        v.number = d;
        return v;
    }
    static OutputValue of_bool(bool b) {
        OutputValue v;
        v.kind = Kind::Bool;
        v.number = b ? 1.0 : 0.0;
        return v;
    }
    static OutputValue of_str(std::string s) {
        OutputValue v;
        v.kind = Kind::Str;
        v.text = std::move(s);
        return v;
    }
    static OutputValue sequence(std::vector<OutputValue> items) {
        OutputValue v;
        v.kind = Kind::Sequence;
        v.items = std::move(items);
        return v;
    }
};

}  // namespace msprobe::precision
