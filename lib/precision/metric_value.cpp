#include "precision/metric_value.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>

#include "common/python_text.hpp"
#include "tensor/half.hpp"

namespace msprobe::precision {

std::string fixed_decimals(double value, int precision) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    return fmt::format("{:.{}f}", value, precision);
}

std::string float16_repr(double value) {
    const float as_half = tensor::half_to_float(tensor::float_to_half(static_cast<float>(value)));
    if (std::isnan(as_half) || std::isinf(as_half) || as_half == 0.0f) return py::float32_repr(as_half);
    // Fewest significant digits that read back as the same float16, laid out by Python's rule.
    for (int digits = 1; digits <= 5; ++digits) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.*e", digits - 1, static_cast<double>(as_half));
        const float back = tensor::half_to_float(tensor::float_to_half(std::strtof(buf, nullptr)));
        if (back == as_half) return py::float32_repr(std::strtof(buf, nullptr));
    }
    return py::float32_repr(as_half);
}

std::string MetricValue::render(int precision) const {
    switch (kind_) {
        case Kind::Space: return " ";
        case Kind::Float64: return fixed_decimals(value_, precision);
        case Kind::Float32: return py::float32_repr(static_cast<float>(value_));
        case Kind::Float16: return float16_repr(value_);
        case Kind::Int: return fmt::format("{}", static_cast<std::int64_t>(value_));
        case Kind::Text: return text_;
    }
    return " ";
}

}  // namespace msprobe::precision
