// "Accuracy Reached or Not" (spec compare.md §7.5, vectors of §15.3).
#include "metrics/accuracy.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace msprobe::metrics {
namespace {

using std::string_view_literals::operator""sv;

TEST_CASE("accuracy vectors of spec §15.3", "[metrics][accuracy]") {
    CHECK(accuracy_reached("shape unmatched"sv, ""sv) == "Unmatched");
    CHECK(accuracy_reached("None"sv, ""sv) == "None");
    CHECK(accuracy_reached("N/A"sv, ""sv) == "No");
    CHECK(accuracy_reached(""sv, ""sv) == "None");
    CHECK(accuracy_reached(0.95, 0.002) == "No");
    CHECK(accuracy_reached(0.85, 2.0) == "No");
    CHECK(accuracy_reached(0.95, 0.001) == "Yes");
}

TEST_CASE("accuracy from typed metric cells", "[metrics][accuracy]") {
    const MetricCell nan = MetricCell::number(NAN);
    const MetricCell unsupported = MetricCell::placeholder(MetricState::Unsupported);
    // NaN compares false: a Nan cosine passes unless MaxAbsErr > 1 (fixture S3).
    CHECK(accuracy_reached(nan, MetricCell::number(0.5)) == "Yes");
    CHECK(accuracy_reached(nan, MetricCell::number(2.0)) == "No");
    CHECK(accuracy_reached("Nan"sv, 2.0) == "No");
    // 0-d and length-1 tensors: cosine unsupported -> None.
    CHECK(accuracy_reached(unsupported, MetricCell::number(0.0)) == "None");
    CHECK(accuracy_reached(MetricCell::placeholder(MetricState::ShapeUnmatched),
                           MetricCell::placeholder(MetricState::ShapeUnmatched)) == "Unmatched");
    CHECK(accuracy_reached(MetricCell::placeholder(MetricState::NotAvailable),
                           MetricCell::placeholder(MetricState::NotAvailable)) == "No");
    CHECK(accuracy_reached(MetricCell::number(1.0), MetricCell::number(0.0)) == "Yes");
    CHECK(accuracy_reached(MetricCell::number(0.98), MetricCell::number(0.0005)) == "Yes");
    CHECK(accuracy_reached(MetricCell::number(0.89), MetricCell::number(0.0005)) == "No");
}

}  // namespace
}  // namespace msprobe::metrics
