#include "data2db/trend_value.hpp"

#include <cmath>

#include "common/python_text.hpp"

namespace msprobe::data2db {

std::optional<double> trend_value(double value) {
    if (std::isnan(value)) return std::nullopt;
    if (std::isinf(value)) return value > 0 ? kTrendValueLimit + 1 : -kTrendValueLimit - 1;
    if (value > kTrendValueLimit) return kTrendValueLimit;
    if (value < -kTrendValueLimit) return -kTrendValueLimit;
    return value;
}

std::optional<double> trend_value_of_text(std::string_view text) {
    const auto parsed = py::parse_float(text);
    if (!parsed) return std::nullopt;
    return trend_value(*parsed);
}

}  // namespace msprobe::data2db
