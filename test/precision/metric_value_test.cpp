// A run_ut metric cell as the reference writes its Python/NumPy value.
#include <catch2/catch.hpp>

#include <limits>

#include "precision/metric_value.hpp"

using namespace msprobe::precision;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

TEST_CASE("fixed_decimals is Python's format with N decimals", "[precision][metric_value]") {
    CHECK(fixed_decimals(0.5, 14) == "0.50000000000000");
    CHECK(fixed_decimals(1.0 / 3.0, 4) == "0.3333");
    CHECK(fixed_decimals(2.5, 0) == "2");     // the exact half goes to even
    CHECK(fixed_decimals(0.125, 2) == "0.12");
    CHECK(fixed_decimals(-1e-20, 3) == "-0.000");
    CHECK(fixed_decimals(std::numeric_limits<double>::quiet_NaN(), 3) == "nan");
    CHECK(fixed_decimals(std::numeric_limits<double>::infinity(), 3) == "inf");
    CHECK(fixed_decimals(-std::numeric_limits<double>::infinity(), 3) == "-inf");
}

TEST_CASE("float16_repr gives the shortest digits that round-trip in float16", "[precision][metric_value]") {
    CHECK(float16_repr(0.1) == "0.1");
    CHECK(float16_repr(0.333251953125) == "0.3333");  // float16's nearest value to 1/3
    CHECK(float16_repr(1.0) == "1.0");
    CHECK(float16_repr(65504.0) == "65500.0");
}

TEST_CASE("each kind of metric value renders as its type does", "[precision][metric_value]") {
    CHECK(MetricValue().render(14) == " ");
    CHECK(MetricValue().is_space());
    CHECK(MetricValue::f64(0.25).render(3) == "0.250");
    CHECK(MetricValue::f32(0.1f).render(14) == "0.1");
    CHECK(MetricValue::f16(0.333251953125).render(14) == "0.3333");
    CHECK(MetricValue::integer(-7).render(14) == "-7");
    CHECK(MetricValue::text("error").render(14) == "error");
    CHECK(MetricValue::integer(3).kind() == MetricValue::Kind::Int);
    CHECK(MetricValue::integer(3).value() == 3.0);
}

TEST_CASE("metric cells are written as the reference's Python/NumPy types (§10.3, C18)", "[precision]") {
    CHECK(MetricValue::f64(0.123456).render(14) == "0.12345600000000");
    CHECK(MetricValue::f64(4.56789).render(14) == "4.56789000000000");
    CHECK(MetricValue::f64(kNaN).render(14) == "nan");
    CHECK(MetricValue::f64(-kInf).render(14) == "-inf");
    CHECK(MetricValue::f32(0.001953125).render(14) == "0.001953125");
    CHECK(MetricValue::f32(5.493639e-07).render(14) == "5.493639e-07");
    CHECK(MetricValue::f32(1.0).render(14) == "1.0");
    CHECK(MetricValue::f32(2.7993065e-05).render(14) == "2.7993065e-05");
    CHECK(MetricValue::f32(1e-05).render(14) == "1e-05");
    CHECK(MetricValue::f32(1e16).render(14) == "1e+16");
    CHECK(MetricValue::f16(0.1).render(14) == "0.1");
    CHECK(MetricValue::integer(0).render(14) == "0");
    CHECK(MetricValue().render(14) == " ");
}
