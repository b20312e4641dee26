#pragma once
// The value a trend database stores for one statistic, as msprobe's
// process_tensor_value makes it: finite values beyond ±1e9 become ±1e9, an
// infinity becomes ±(1e9 + 1) so a viewer can tell it from a large value, and
// what is not a number (NaN, text that is no float, null) is stored as NULL
// (SQLite stores a NaN bound as a double as NULL too).
#include <optional>
#include <string_view>

namespace msprobe::data2db {

inline constexpr double kTrendValueLimit = 1e9;

std::optional<double> trend_value(double value);
// Python's float() of the text (whitespace trimmed, "inf", "nan", underscores), then trend_value.
std::optional<double> trend_value_of_text(std::string_view text);

}  // namespace msprobe::data2db
