#include "support/synthetic_tensor.hpp"

#include <cmath>
#include <cstring>
#include <limits>

namespace msprobe::testing {

float round_to_bfloat16(float value) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    if (std::isnan(value)) {
        bits = (bits | 0x00400000u) & 0xFFFF0000u;  // stays a (quiet) NaN
    } else {
        bits += 0x7FFFu + ((bits >> 16) & 1u);
        bits &= 0xFFFF0000u;
    }
    float rounded = 0;
    std::memcpy(&rounded, &bits, sizeof rounded);
    return rounded;
}

namespace {

double round_to(double value, tensor::DType dtype) {
    const auto as_float = static_cast<float>(value);
    return dtype == tensor::DType::BFloat16 ? round_to_bfloat16(as_float) : as_float;
}

}  // namespace

void convert_to(SyntheticTensor& tensor, tensor::DType dtype) {
    tensor.dtype = dtype;
    if (dtype != tensor::DType::BFloat16) return;
    for (auto& value : tensor.values) value = round_to_bfloat16(value);
}

std::int64_t element_count(const std::vector<std::int64_t>& shape) {
    std::int64_t count = 1;
    for (const auto dim : shape) count *= dim;
    return count;
}

TensorStatistics SyntheticTensor::statistics() const {
    constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
    if (values.empty()) return {kNan, kNan, kNan, kNan};
    double max = -std::numeric_limits<double>::infinity();
    double min = std::numeric_limits<double>::infinity();
    double sum = 0;
    double sum_of_squares = 0;
    bool has_nan = false;
    for (const float value : values) {
        const double x = value;
        has_nan = has_nan || std::isnan(x);
        max = std::max(max, x);
        min = std::min(min, x);
        sum += x;
        sum_of_squares += x * x;
    }
    if (has_nan) return {kNan, kNan, kNan, kNan};  // torch's max/min propagate NaN
    return {max, min, round_to(sum / static_cast<double>(values.size()), dtype),
            round_to(std::sqrt(sum_of_squares), dtype)};
}

std::string SyntheticTensor::element_bytes() const {
    const bool half_width = dtype == tensor::DType::BFloat16;
    std::string bytes;
    bytes.reserve(values.size() * (half_width ? 2 : 4));
    for (const float value : values) {
        std::uint32_t bits = 0;
        std::memcpy(&bits, &value, sizeof bits);
        if (half_width) bits >>= 16;  // a bfloat16 is the upper half of its float32
        for (int byte = 0; byte < (half_width ? 2 : 4); ++byte) {
            bytes.push_back(static_cast<char>((bits >> (8 * byte)) & 0xFF));
        }
    }
    return bytes;
}

SyntheticTensor normal_tensor(DeterministicRandom& random, std::vector<std::int64_t> shape, double mean,
                              double stddev) {
    SyntheticTensor tensor;
    tensor.values.resize(static_cast<std::size_t>(element_count(shape)));
    for (auto& value : tensor.values) value = static_cast<float>(mean + stddev * random.normal());
    tensor.shape = std::move(shape);
    return tensor;
}

SyntheticTensor uniform_tensor(DeterministicRandom& random, std::vector<std::int64_t> shape, double low,
                               double high) {
    SyntheticTensor tensor;
    tensor.values.resize(static_cast<std::size_t>(element_count(shape)));
    for (auto& value : tensor.values) value = static_cast<float>(random.uniform(low, high));
    tensor.shape = std::move(shape);
    return tensor;
}

}  // namespace msprobe::testing
