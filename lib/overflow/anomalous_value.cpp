#include "overflow/anomalous_value.hpp"

#include <cmath>

#include "dump/non_finite_value.hpp"

namespace msprobe::overflow {

std::optional<std::string> non_finite_text(double value) {
    const auto found = dump::non_finite_value(value);
    if (!found) return std::nullopt;
    return std::string(dump::non_finite_text(*found));
}

std::optional<std::string> anomalous_value_text(dump::JsonView value) {
    const auto found = dump::non_finite_value(value, dump::NonFiniteSpellings::NanInfInfinity);
    if (!found) return std::nullopt;
    return std::string(dump::non_finite_text(*found));
}

bool is_saturated_value(dump::JsonView value, std::string_view dtype) {
    const auto number = value.number();
    if (!number) return false;
    double limit = 0;
    if (dtype == "torch.float16" || dtype == "Float16" || dtype == "float16") {
        limit = 65504.0;
    } else if (dtype == "torch.bfloat16" || dtype == "BFloat16" || dtype == "bfloat16") {
        limit = 3.3895313892515355e38;
    } else if (dtype == "torch.float32" || dtype == "Float32" || dtype == "float32") {
        limit = 3.4028234663852886e38;
    } else {
        return false;
    }
    return std::fabs(*number) == limit;
}

}  // namespace msprobe::overflow
