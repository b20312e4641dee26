#pragma once
// The value tests of overflow_check's detectors: is a recorded statistic
// +inf, -inf or NaN (the inf/nan/infinity spelling set of lib/dump), or, in
// saturation mode, the largest finite value of its dtype?
#include <optional>
#include <string>
#include <string_view>

#include "dump/json_view.hpp"

namespace msprobe::overflow {

// "inf", "-inf" or "nan" when `value` is a non-finite number (Python's json
// writes Infinity/NaN tokens) or one of the strings inf/-inf/nan/infinity/
// -infinity in any case, optionally with the trailing tab msprobe's writers
// add; nullopt for anything else (finite numbers, booleans, null, containers).
std::optional<std::string> anomalous_value_text(dump::JsonView value);

// The same test on a double: nullopt when finite.
std::optional<std::string> non_finite_text(double value);

// Saturation-mode heuristic (--saturation): |value| equals the largest finite
// value of the dtype (float16 65504, bfloat16 and float32 maxima), which is
// where a saturating NPU clamps an overflowed result.
bool is_saturated_value(dump::JsonView value, std::string_view dtype);

}  // namespace msprobe::overflow
