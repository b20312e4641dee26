#pragma once
// A Python call argument or result as run_ut rebuilds it from a dump record:
// None, bool, int, float, str, tensor, list, slice,
// Ellipsis or a dtype. Tensors are libtorch tensors.
#include <ATen/ATen.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace msprobe::run_ut {

struct PyValue {
    enum class Kind { None, Bool, Int, Float, Str, Tensor, List, Slice, Ellipsis, DType };
    Kind kind = Kind::None;
    bool boolean = false;
    std::int64_t integer = 0;
    double real = 0.0;
    std::string text;
    at::Tensor tensor;
    bool wants_grad = false;           // tensor: the record said requires_grad and gradients are needed
    std::vector<PyValue> items;        // List; Slice: start, stop, step
    at::ScalarType dtype = at::kFloat;

    static PyValue none() { return {}; }
    static PyValue of_bool(bool b) { PyValue v; v.kind = Kind::Bool; v.boolean = b; return v; }
    static PyValue of_int(std::int64_t i) { PyValue v; v.kind = Kind::Int; v.integer = i; return v; }
    static PyValue of_float(double d) { PyValue v; v.kind = Kind::Float; v.real = d; return v; }
    static PyValue of_str(std::string s) { PyValue v; v.kind = Kind::Str; v.text = std::move(s); return v; }
    static PyValue of_tensor(at::Tensor t, bool grad = false) {
        PyValue v; v.kind = Kind::Tensor; v.tensor = std::move(t); v.wants_grad = grad; return v;
    }
    static PyValue list(std::vector<PyValue> items) {
        PyValue v;
        v.kind = Kind::List;
        v.items = std::move(items);
        return v;
    }
    static PyValue of_dtype(at::ScalarType t) { PyValue v; v.kind = Kind::DType; v.dtype = t; return v; }

    bool is_number() const { return kind == Kind::Bool || kind == Kind::Int || kind == Kind::Float; }
    double number() const {
        return kind == Kind::Float ? real : kind == Kind::Int ? static_cast<double>(integer) : boolean;
    }
};

using PyKwargs = std::vector<std::pair<std::string, PyValue>>;

struct PyCall {
    std::vector<PyValue> args;
    PyKwargs kwargs;
    const PyValue* kwarg(const std::string& name) const {
        for (const auto& [k, v] : kwargs) {
            if (k == name) return &v;
        }
        return nullptr;
    }
};

// "torch.float16" -> at::kHalf; nullopt for names libtorch 1.13 lacks.
std::optional<at::ScalarType> scalar_type_from_name(const std::string& name);

}  // namespace msprobe::run_ut
