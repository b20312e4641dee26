#pragma once
// One metric cell of a run_ut CSV. The reference writes a value according to
// its Python/NumPy type (float64 with fixed decimals, float32 in NumPy's
// shortest form, int as an integer), so every value carries that type.
#include <cstdint>
#include <string>

namespace msprobe::precision {

class MetricValue {
public:
    enum class Kind { Space, Float64, Float32, Float16, Int, Text };

    MetricValue() = default;  // SPACE: " "
    static MetricValue f64(double v) { return MetricValue(Kind::Float64, v); }
    static MetricValue f32(double v) { return MetricValue(Kind::Float32, v); }
    static MetricValue f16(double v) { return MetricValue(Kind::Float16, v); }
    static MetricValue integer(std::int64_t v) { return MetricValue(Kind::Int, static_cast<double>(v)); }
    static MetricValue text(std::string t) {
        MetricValue m(Kind::Text, 0.0);
        m.text_ = std::move(t);
        return m;
    }

    Kind kind() const { return kind_; }
    bool is_space() const { return kind_ == Kind::Space; }
    double value() const { return value_; }

    // The cell text: `precision` fixed decimals for float64 ("{:.14f}"),
    // NumPy's repr for float32/float16, digits for ints, " " for SPACE.
    std::string render(int precision) const;

private:
    MetricValue(Kind k, double v) : kind_(k), value_(v) {}
    Kind kind_ = Kind::Space;
    double value_ = 0.0;
    std::string text_;
};

// Python's "{:.Nf}".format(v): nan, inf, -inf spelled as Python does.
std::string fixed_decimals(double value, int precision);

// str(numpy.float16(v)): the shortest digits that round-trip in float16.
std::string float16_repr(double value);

}  // namespace msprobe::precision
