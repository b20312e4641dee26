#include "dump/json_number.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>
#include <system_error>

namespace msprobe::dump {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// The token's value as a double, correctly rounded; out of range, what Python's float() gives.
double parse_double(std::string_view text) {
    double value = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error == std::errc() && end == text.data() + text.size()) return value;
    // from_chars leaves the value alone when the result overflows or underflows; strtod
    // says which (in the C locale this process never leaves).
    const std::string copy(text);
    return std::strtod(copy.c_str(), nullptr);
}

}  // namespace

JsonNumber parse_json_number(std::string_view text) {
    const bool minus = !text.empty() && text.front() == '-';
    const std::string_view magnitude_text = minus ? text.substr(1) : text;
    if (!magnitude_text.empty() && (magnitude_text.front() == 'N' || magnitude_text.front() == 'I')) {
        if (magnitude_text.front() == 'N') return std::numeric_limits<double>::quiet_NaN();
        return minus ? -kInfinity : kInfinity;
    }
    if (magnitude_text.find_first_of(".eE") != std::string_view::npos) return parse_double(text);

    // An integer token: RapidJSON's choice of the narrowest type that holds it, else a double.
    std::uint64_t magnitude = 0;
    const auto [end, error] =
        std::from_chars(magnitude_text.data(), magnitude_text.data() + magnitude_text.size(), magnitude);
    if (error != std::errc() || end != magnitude_text.data() + magnitude_text.size()) return parse_double(text);
    if (minus) {
        constexpr std::uint64_t kInt32Limit = std::uint64_t{1} << 31;
        constexpr std::uint64_t kInt64Limit = std::uint64_t{1} << 63;
        if (magnitude <= kInt32Limit) return static_cast<int>(-static_cast<std::int64_t>(magnitude));
        if (magnitude <= kInt64Limit) return static_cast<std::int64_t>(~magnitude + 1);
        return parse_double(text);
    }
    if (magnitude <= std::numeric_limits<unsigned>::max()) return static_cast<unsigned>(magnitude);
    return magnitude;
}

}  // namespace msprobe::dump
