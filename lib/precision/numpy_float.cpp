#include "precision/numpy_float.hpp"

#include <cmath>
#include <limits>

#include "tensor/half.hpp"

namespace msprobe::precision {

Fp fp_of(tensor::DType dtype) {
    switch (dtype) {
        case tensor::DType::Float16: return Fp::F16;
        case tensor::DType::Float64: return Fp::F64;
        default: return Fp::F32;
    }
}

Fp wider(Fp a, Fp b) { return static_cast<int>(a) >= static_cast<int>(b) ? a : b; }

tensor::DType dtype_of(Fp fp) {
    switch (fp) {
        case Fp::F16: return tensor::DType::Float16;
        case Fp::F32: return tensor::DType::Float32;
        case Fp::F64: return tensor::DType::Float64;
    }
    return tensor::DType::Float64;
}

double round_to(Fp fp, double value) {
    switch (fp) {
        case Fp::F64: return value;
        case Fp::F32: return static_cast<double>(static_cast<float>(value));
        case Fp::F16:
            return static_cast<double>(tensor::half_to_float(tensor::float_to_half(static_cast<float>(value))));
    }
    return value;
}

double round_to_bfloat16(double value) {
    return static_cast<double>(tensor::bfloat16_to_float(tensor::float_to_bfloat16(static_cast<float>(value))));
}

double machine_epsilon(Fp fp) {
    switch (fp) {
        case Fp::F16: return 0.0009765625;
        case Fp::F32: return static_cast<double>(std::numeric_limits<float>::epsilon());
        case Fp::F64: return std::numeric_limits<double>::epsilon();
    }
    return std::numeric_limits<double>::epsilon();
}

double finfo_max(tensor::DType dtype) {
    switch (dtype) {
        case tensor::DType::Float16: return 65504.0;
        case tensor::DType::BFloat16: return 3.3895313892515355e38;
        case tensor::DType::Float32: return static_cast<double>(std::numeric_limits<float>::max());
        default: return std::numeric_limits<double>::max();
    }
}

namespace {

constexpr std::size_t kBlock = 128;

// NumPy's pairwise_sum, with every addition rounded to the accumulator's dtype.
double pairwise(const double* a, std::size_t n, Fp acc) {
    auto add = [acc](double x, double y) { return round_to(acc, x + y); };
    if (n < 8) {
        double res = 0.0;
        for (std::size_t i = 0; i < n; ++i) res = add(res, a[i]);
        return res;
    }
    if (n <= kBlock) {
        double r[8];
        for (std::size_t j = 0; j < 8; ++j) r[j] = a[j];
        std::size_t i = 8;
        for (; i < n - (n % 8); i += 8) {
            for (std::size_t j = 0; j < 8; ++j) r[j] = add(r[j], a[i + j]);
        }
        double res = add(add(add(r[0], r[1]), add(r[2], r[3])), add(add(r[4], r[5]), add(r[6], r[7])));
        for (; i < n; ++i) res = add(res, a[i]);
        return res;
    }
    std::size_t n2 = n / 2;
    n2 -= n2 % 8;
    return add(pairwise(a, n2, acc), pairwise(a + n2, n - n2, acc));
}

}  // namespace

double pairwise_sum(std::span<const double> values, Fp fp) {
    const Fp acc = fp == Fp::F16 ? Fp::F32 : fp;
    return round_to(fp, pairwise(values.data(), values.size(), acc));
}

double numpy_mean(std::span<const double> values, Fp fp) {
    if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
    const Fp acc = fp == Fp::F16 ? Fp::F32 : fp;  // np.mean of float16 accumulates in float32
    const double sum = pairwise(values.data(), values.size(), acc);
    return round_to(fp, sum / static_cast<double>(values.size()));
}

}  // namespace msprobe::precision
