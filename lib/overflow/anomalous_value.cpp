#include "overflow/anomalous_value.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace msprobe::overflow {

std::optional<std::string> non_finite_text(double value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    return std::nullopt;
}

std::optional<std::string> anomalous_value_text(const rapidjson::Value& value) {
    if (value.IsDouble()) return non_finite_text(value.GetDouble());
    if (!value.IsString()) return std::nullopt;
    std::string text(value.GetString(), value.GetStringLength());
    if (!text.empty() && text.back() == '\t') text.pop_back();
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    if (text == "nan") return "nan";
    if (text == "inf" || text == "infinity") return "inf";
    if (text == "-inf" || text == "-infinity") return "-inf";
    return std::nullopt;
}

bool is_saturated_value(const rapidjson::Value& value, std::string_view dtype) {
    if (!value.IsNumber()) return false;
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
    return std::fabs(value.GetDouble()) == limit;
}

}  // namespace msprobe::overflow
