#include "metrics/format_value.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <system_error>

namespace msprobe::metrics {

double round_decimal(double value, int decimals) {
    if (!std::isfinite(value)) return value;
    // to_chars/from_chars: exact decimal conversion like glibc's printf and
    // strtod, but independent of the C locale's decimal point.
    std::array<char, 400> text{};  // "%.12f" of DBL_MAX has 322 characters
    const auto written = std::to_chars(text.data(), text.data() + text.size(), value,
                                       std::chars_format::fixed, decimals);
    double parsed = value;
    std::from_chars(text.data(), written.ptr, parsed);
    return parsed;
}

double format_value(double value) { return round_decimal(value, 12); }

double format_cosine(double cosine) {
    const double formatted = format_value(cosine);
    return formatted > 0.9999 ? round_decimal(formatted, 6) : formatted;
}

}  // namespace msprobe::metrics
