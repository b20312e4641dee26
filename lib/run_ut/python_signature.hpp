#pragma once
// What a Python wrapper does before it reaches ATen, in the pieces every
// wrapper shares: binding positional and keyword arguments to the Python
// signature with its defaults, Python truthiness, and the legacy loss
// `reduction` rules.
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "run_ut/py_value.hpp"

namespace msprobe::run_ut {

// Parameter name -> value, defaults filled in.
using Bound = std::map<std::string, PyValue>;
using PySignature = std::vector<std::pair<std::string, PyValue>>;

// Throws SkipApi (skip_api.hpp) for too many positional or an unknown keyword argument, as Python would.
Bound bind_python(const PyCall& call, const PySignature& signature, const std::string& api);

bool truthy(const PyValue& v);
inline bool is_none(const PyValue& v) { return v.kind == PyValue::Kind::None; }

// The bound argument `name`, which must be a tensor (SkipApi otherwise).
const at::Tensor& tensor_arg(const Bound& a, const char* name);

// `reduction` string (or the legacy size_average/reduce pair) -> ATen's Reduction code: none 0, mean 1, sum 2.
std::int64_t reduction_code(const Bound& a);

// Short spellings for signature defaults and ATen arguments.
namespace py {
inline PyValue none() { return PyValue::none(); }
inline PyValue i(std::int64_t v) { return PyValue::of_int(v); }
inline PyValue f(double v) { return PyValue::of_float(v); }
inline PyValue b(bool v) { return PyValue::of_bool(v); }
inline PyValue s(std::string v) { return PyValue::of_str(std::move(v)); }
inline PyValue ints(const std::vector<std::int64_t>& values) {
    std::vector<PyValue> items;
    for (const auto v : values) items.push_back(i(v));
    return PyValue::list(std::move(items));
}
}  // namespace py

}  // namespace msprobe::run_ut
