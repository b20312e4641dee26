#include "support/synthetic_ops.hpp"

#include <algorithm>
#include <cmath>

namespace msprobe::testing::synthetic_ops {

namespace {

using tensor::DType;

// A result shaped like `like`, to be filled and then rounded to `dtype`.
SyntheticTensor result_like(const SyntheticTensor& like, DType dtype) {
    SyntheticTensor result;
    result.dtype = dtype;
    result.shape = like.shape;
    result.values.resize(like.values.size());
    result.requires_grad = true;
    return result;
}

void round_values(SyntheticTensor& tensor) { convert_to(tensor, tensor.dtype); }

template <typename Function>
SyntheticTensor elementwise(const SyntheticTensor& x, Function function) {
    SyntheticTensor result = result_like(x, x.dtype);
    for (std::size_t i = 0; i < x.values.size(); ++i) {
        result.values[i] = static_cast<float>(function(static_cast<double>(x.values[i])));
    }
    round_values(result);
    return result;
}

std::size_t last_dimension(const SyntheticTensor& x) { return static_cast<std::size_t>(x.shape.back()); }

}  // namespace

SyntheticTensor layer_norm(const SyntheticTensor& x, const SyntheticTensor& weight, const SyntheticTensor& bias,
                           double eps) {
    SyntheticTensor result = result_like(x, DType::Float32);
    const std::size_t width = last_dimension(x);
    for (std::size_t row = 0; row < x.values.size() / width; ++row) {
        const float* in = x.values.data() + row * width;
        double mean = 0;
        for (std::size_t i = 0; i < width; ++i) mean += in[i];
        mean /= static_cast<double>(width);
        double variance = 0;
        for (std::size_t i = 0; i < width; ++i) variance += (in[i] - mean) * (in[i] - mean);
        variance /= static_cast<double>(width);
        const double inverse_deviation = 1.0 / std::sqrt(variance + eps);
        for (std::size_t i = 0; i < width; ++i) {
            result.values[row * width + i] =
                static_cast<float>((in[i] - mean) * inverse_deviation * weight.values[i] + bias.values[i]);
        }
    }
    return result;
}

SyntheticTensor linear(const SyntheticTensor& x, const SyntheticTensor& weight, const SyntheticTensor& bias,
                       DType result_dtype) {
    const std::size_t in_features = last_dimension(x);
    const auto out_features = static_cast<std::size_t>(weight.shape.front());
    const std::size_t rows = x.values.size() / in_features;
    SyntheticTensor result;
    result.dtype = result_dtype;
    result.shape = x.shape;
    result.shape.back() = static_cast<std::int64_t>(out_features);
    result.values.resize(rows * out_features);
    result.requires_grad = true;
    for (std::size_t row = 0; row < rows; ++row) {
        const float* in = x.values.data() + row * in_features;
        for (std::size_t out = 0; out < out_features; ++out) {
            const float* w = weight.values.data() + out * in_features;
            double sum = bias.values[out];
            for (std::size_t i = 0; i < in_features; ++i) sum += static_cast<double>(in[i]) * w[i];
            result.values[row * out_features + out] = static_cast<float>(sum);
        }
    }
    round_values(result);
    return result;
}

SyntheticTensor gelu(const SyntheticTensor& x) {
    return elementwise(x, [](double v) { return 0.5 * v * (1.0 + std::erf(v / std::sqrt(2.0))); });
}

SyntheticTensor relu(const SyntheticTensor& x) {
    return elementwise(x, [](double v) { return v > 0 ? v : 0.0; });
}

SyntheticTensor clamp(const SyntheticTensor& x, double low, double high) {
    return elementwise(x, [&](double v) { return std::clamp(v, low, high); });
}

SyntheticTensor scale(const SyntheticTensor& x, double factor) {
    return elementwise(x, [&](double v) { return v * factor; });
}

SyntheticTensor softmax(const SyntheticTensor& x) {
    SyntheticTensor result = result_like(x, x.dtype);
    const std::size_t width = last_dimension(x);
    for (std::size_t row = 0; row < x.values.size() / width; ++row) {
        const float* in = x.values.data() + row * width;
        const double max = *std::max_element(in, in + width);
        double sum = 0;
        for (std::size_t i = 0; i < width; ++i) sum += std::exp(in[i] - max);
        for (std::size_t i = 0; i < width; ++i) {
            result.values[row * width + i] = static_cast<float>(std::exp(in[i] - max) / sum);
        }
    }
    round_values(result);
    return result;
}

SyntheticTensor add(const SyntheticTensor& a, const SyntheticTensor& b) {
    const DType dtype = (a.dtype == DType::BFloat16 && b.dtype == DType::BFloat16) ? DType::BFloat16 : DType::Float32;
    SyntheticTensor result = result_like(a, dtype);
    for (std::size_t i = 0; i < a.values.size(); ++i) {
        result.values[i] = static_cast<float>(static_cast<double>(a.values[i]) + b.values[i]);
    }
    round_values(result);
    return result;
}

SyntheticTensor copy(const SyntheticTensor& x) { return x; }

}  // namespace msprobe::testing::synthetic_ops
