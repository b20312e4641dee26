#pragma once
// Doubles in the compact binary forms this process writes and reads back
// itself (packed rows, a port item's fields): one that a float holds exactly,
// as nearly every statistic of a dump does (msprobe takes them of float32
// tensors), in the float's 4 bytes, any other in 8. The caller's own tag
// records which.
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string_view>

namespace msprobe {

// Whether `value` comes back bit for bit from a float (-0.0 and the infinities do; no NaN is trusted to).
inline bool holds_as_float(double value) {
    if (std::isnan(value)) return false;
    if (std::isfinite(value) && std::fabs(value) > static_cast<double>(std::numeric_limits<float>::max())) return false;
    const double back = static_cast<float>(value);
    return std::memcmp(&back, &value, sizeof value) == 0;
}

// `Bytes` has append(const char*, size) (std::string, ByteBuffer). `as_float`: holds_as_float(value).
template <typename Bytes>
void append_number(Bytes& out, double value, bool as_float) {
    if (as_float) {
        const float narrow = static_cast<float>(value);
        char bytes[sizeof narrow];
        std::memcpy(bytes, &narrow, sizeof narrow);
        out.append(bytes, sizeof bytes);
    } else {
        char bytes[sizeof value];
        std::memcpy(bytes, &value, sizeof value);
        out.append(bytes, sizeof bytes);
    }
}

// The number at `at`, written with the same `as_float`; `at` moves past it. Throws std::logic_error when the
// bytes end inside it.
inline double read_number(std::string_view bytes, std::size_t& at, bool as_float) {
    const std::size_t size = as_float ? sizeof(float) : sizeof(double);
    if (at > bytes.size() || bytes.size() - at < size) throw std::logic_error("packed bytes end inside a number");
    double value = 0;
    if (as_float) {
        float narrow = 0;
        std::memcpy(&narrow, bytes.data() + at, sizeof narrow);
        value = narrow;
    } else {
        std::memcpy(&value, bytes.data() + at, sizeof value);
    }
    at += size;
    return value;
}

}  // namespace msprobe
