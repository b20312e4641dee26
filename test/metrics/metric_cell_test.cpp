// A metric cell stays typed until written: a number (NaN written "Nan") or one
// of msprobe's placeholders (compare spec §5.3: "unsupported", "shape
// unmatched", "N/A"); equality is exact, NaN equal to NaN.
#include "metrics/metric_cell.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using msprobe::metrics::MetricCell;
using msprobe::metrics::MetricState;

namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

}  // namespace

TEST_CASE("metric cell: a default cell is the number NaN", "[metrics][metric_cell]") {
    const MetricCell cell;
    CHECK(cell.state == MetricState::Value);
    CHECK(cell.is_number());
    CHECK(cell.is_nan());
}

TEST_CASE("metric cell: numbers and placeholders", "[metrics][metric_cell]") {
    const auto number = MetricCell::number(0.25);
    CHECK(number.is_number());
    CHECK_FALSE(number.is_nan());
    CHECK(number.value == 0.25);
    const auto nan = MetricCell::number(kNan);
    CHECK(nan.is_number());
    CHECK(nan.is_nan());
    for (const auto state : {MetricState::Unsupported, MetricState::ShapeUnmatched, MetricState::NotAvailable}) {
        const auto placeholder = MetricCell::placeholder(state);
        CHECK(placeholder.state == state);
        CHECK_FALSE(placeholder.is_number());
        CHECK_FALSE(placeholder.is_nan());  // a placeholder is no NaN value, whatever it holds
    }
}

TEST_CASE("metric cell: equality is exact, NaN equals NaN, placeholders by state", "[metrics][metric_cell]") {
    CHECK(MetricCell::number(kNan) == MetricCell::number(-kNan));
    CHECK(MetricCell::number(1.0) == MetricCell::number(1.0));
    CHECK_FALSE(MetricCell::number(1.0) == MetricCell::number(std::nextafter(1.0, 2.0)));
    CHECK_FALSE(MetricCell::number(1.0) == MetricCell::number(kNan));
    CHECK(MetricCell::number(0.0) == MetricCell::number(-0.0));
    CHECK(MetricCell::placeholder(MetricState::NotAvailable) ==
          MetricCell{MetricState::NotAvailable, 3.0});  // a placeholder's value plays no part
    CHECK_FALSE(MetricCell::placeholder(MetricState::Unsupported) ==
                MetricCell::placeholder(MetricState::ShapeUnmatched));
    CHECK_FALSE(MetricCell::placeholder(MetricState::Unsupported) == MetricCell::number(kNan));
}

TEST_CASE("metric cell: msprobe's texts for placeholders and NaN", "[metrics][metric_cell]") {
    using msprobe::metrics::placeholder_text;
    CHECK(placeholder_text(MetricState::Unsupported) == "unsupported");
    CHECK(placeholder_text(MetricState::ShapeUnmatched) == "shape unmatched");
    CHECK(placeholder_text(MetricState::NotAvailable) == "N/A");
    CHECK(placeholder_text(MetricState::Value).empty());
    CHECK(msprobe::metrics::kNanText == "Nan");
}
