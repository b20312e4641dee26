#pragma once
// The value test every overflow detector shares (overflow_check.md §4.1): is a
// recorded statistic +inf, -inf or NaN?
#include <optional>
#include <string>
#include <string_view>

#include <rapidjson/document.h>

namespace msprobe::overflow {

// "inf", "-inf" or "nan" when `value` is a non-finite number (Python's json
// writes Infinity/NaN tokens) or one of the strings inf/-inf/nan/infinity/
// -infinity in any case, optionally with the trailing tab msprobe's writers
// add; nullopt for anything else (finite numbers, booleans, null, containers).
std::optional<std::string> anomalous_value_text(const rapidjson::Value& value);

inline bool is_anomalous_value(const rapidjson::Value& value) { return anomalous_value_text(value).has_value(); }

// The same test on a double: nullopt when finite.
std::optional<std::string> non_finite_text(double value);

// Saturation-mode heuristic (--saturation): |value| equals the largest finite
// value of the dtype (float16 65504, bfloat16 and float32 maxima), which is
// where a saturating NPU clamps an overflowed result.
bool is_saturated_value(const rapidjson::Value& value, std::string_view dtype);

}  // namespace msprobe::overflow
