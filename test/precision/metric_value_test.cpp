// A run_ut metric cell as the reference writes its Python/NumPy value.
#include <catch2/catch.hpp>

#include <limits>

#include "precision/metric_value.hpp"

using namespace msprobe::precision;

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
