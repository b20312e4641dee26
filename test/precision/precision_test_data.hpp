#pragma once
// Small builders for the precision tests: tensors whose values are rounded to
// their dtype the way torch stores them.
#include <cmath>
#include <cstdint>
#include <vector>

#include "precision/numpy_float.hpp"
#include "precision/output_value.hpp"

namespace msprobe::precision::testing {

inline TensorData tensor(tensor::DType dtype, std::vector<double> values, std::vector<std::int64_t> shape = {}) {
    if (shape.empty()) shape = {static_cast<std::int64_t>(values.size())};
    for (auto& v : values) {
        if (dtype == tensor::DType::BFloat16) {
            v = round_to_bfloat16(v);
        } else if (is_floating(dtype)) {
            v = round_to(fp_of(dtype), v);
        }
    }
    return {dtype, std::move(shape), std::move(values)};
}

inline OutputValue out(tensor::DType dtype, std::vector<double> values, std::vector<std::int64_t> shape = {}) {
    return OutputValue::of_tensor(tensor(dtype, std::move(values), std::move(shape)));
}

// torch.linspace(start, end, steps) on CPU for float32/float64 as ATen's AVX2
// kernel computes it (g++ contracts its multiply-adds into FMAs): the first
// half counts up from start, the second half down from end, in blocks of
// `lanes` values base + k * step (the vectorised arange), the tail element by element.
inline std::vector<double> torch_linspace(double start, double end, int steps, Fp fp, int lanes) {
    auto r = [fp](double v) { return round_to(fp, v); };
    auto fma = [fp](double a, double b, double c) {
        return fp == Fp::F64 ? std::fma(a, b, c)
                             : static_cast<double>(std::fmaf(static_cast<float>(a), static_cast<float>(b),
                                                             static_cast<float>(c)));
    };
    const double s = r(start), e = r(end);
    const double step = r((e - s) / (steps - 1));
    const int halfway = steps / 2;
    auto base_of = [&](int i) { return i < halfway ? fma(step, i, s) : fma(-step, steps - i - 1, e); };
    std::vector<double> out;
    int idx = 0;
    while (idx + 2 * lanes <= steps) {
        for (int vec = 0; vec < 2; ++vec) {
            const double base = base_of(idx);
            for (int k = 0; k < lanes; ++k) out.push_back(fma(k, step, base));
            idx += lanes;
        }
    }
    for (; idx < steps; ++idx) out.push_back(base_of(idx));
    return out;
}

}  // namespace msprobe::precision::testing
