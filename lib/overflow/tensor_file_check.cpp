#include "overflow/tensor_file_check.hpp"

#include <cmath>
#include <limits>

#include "overflow/anomalous_value.hpp"
#include "tensor/tensor_file.hpp"

namespace msprobe::overflow {

std::vector<StatAnomaly> value_anomalies(std::span<const double> values, bool include_mean) {
    std::vector<StatAnomaly> found;
    if (values.empty()) return found;
    double max = -std::numeric_limits<double>::infinity();
    double min = std::numeric_limits<double>::infinity();
    double sum = 0;
    bool has_nan = false;
    for (const double v : values) {
        has_nan = has_nan || std::isnan(v);
        max = std::fmax(max, v);
        min = std::fmin(min, v);
        sum += v;
    }
    if (has_nan) max = min = sum = std::numeric_limits<double>::quiet_NaN();
    const double mean = sum / static_cast<double>(values.size());
    if (auto t = non_finite_text(max)) found.push_back({"Max", *t, true});
    if (auto t = non_finite_text(min)) found.push_back({"Min", *t, true});
    if (include_mean) {
        if (auto t = non_finite_text(mean)) found.push_back({"Mean", *t, true});
    }
    return found;
}

std::vector<StatAnomaly> tensor_file_anomalies(const std::filesystem::path& file, bool include_mean) {
    const tensor::TensorView view = tensor::read_tensor_file(file);
    if (!tensor::is_floating(view.dtype)) return {};
    const std::vector<double> values = tensor::to_double_vector(view);
    return value_anomalies(values, include_mean);
}

}  // namespace msprobe::overflow
