#pragma once
// Small float tensors as run_ut's call arguments, Python slices, and results
// back as plain values and sizes: the vocabulary of the wrapper tests.
#include <ATen/ATen.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "run_ut/py_value.hpp"

namespace msprobe::testing {

inline run_ut::PyValue float_tensor(std::vector<float> values, std::vector<std::int64_t> shape) {
    return run_ut::PyValue::of_tensor(at::tensor(values).reshape(shape));
}

// A Python slice start:stop:step (None where not given).
inline run_ut::PyValue slice_index(std::optional<std::int64_t> start, std::optional<std::int64_t> stop,
                                   std::optional<std::int64_t> step) {
    using run_ut::PyValue;
    auto bound = [](std::optional<std::int64_t> v) { return v ? PyValue::of_int(*v) : PyValue::none(); };
    PyValue v = PyValue::list({bound(start), bound(stop), bound(step)});
    v.kind = PyValue::Kind::Slice;
    return v;
}

// A tensor result's elements as float32, row-major.
inline std::vector<float> float_values(const c10::IValue& v) {
    const auto t = v.toTensor().to(at::kFloat).contiguous();
    return std::vector<float>(t.data_ptr<float>(), t.data_ptr<float>() + t.numel());
}

inline std::vector<std::int64_t> sizes_of(const c10::IValue& v) { return v.toTensor().sizes().vec(); }

}  // namespace msprobe::testing
