#pragma once
// One real-data metric cell (Cosine, EucDist, MaxAbsErr, ...), kept typed
// until a writer renders it: a number (NaN is msprobe's text "Nan") or one of
// msprobe's placeholder texts.
#include <cmath>
#include <limits>
#include <string_view>

namespace msprobe::metrics {

enum class MetricState : unsigned char {
    Value,           // number in `value` (NaN allowed; written as "Nan")
    Unsupported,     // "unsupported"
    ShapeUnmatched,  // "shape unmatched"
    NotAvailable,    // "N/A"
};

struct MetricCell {
    MetricState state = MetricState::Value;
    double value = std::numeric_limits<double>::quiet_NaN();

    static MetricCell number(double v) { return {MetricState::Value, v}; }
    static MetricCell placeholder(MetricState s) { return {s, std::numeric_limits<double>::quiet_NaN()}; }

    bool is_number() const { return state == MetricState::Value; }
    bool is_nan() const { return state == MetricState::Value && std::isnan(value); }

    // Exact equality, NaN equal to NaN: what the tests and the fixtures compare.
    bool operator==(const MetricCell& other) const {
        if (state != other.state) return false;
        if (state != MetricState::Value) return true;
        return (std::isnan(value) && std::isnan(other.value)) || value == other.value;
    }
};

// The text msprobe writes for a placeholder state ("" for Value).
constexpr std::string_view placeholder_text(MetricState state) {
    switch (state) {
        case MetricState::Unsupported: return "unsupported";
        case MetricState::ShapeUnmatched: return "shape unmatched";
        case MetricState::NotAvailable: return "N/A";
        case MetricState::Value: break;
    }
    return "";
}

// msprobe's spelling of a NaN metric value.
inline constexpr std::string_view kNanText = "Nan";

}  // namespace msprobe::metrics
