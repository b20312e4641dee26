// Max/Min/Mean of a tensor's values as torch computes them (NaN propagates,
// inf - inf is NaN), then the anomaly test on each.
#include <catch2/catch.hpp>

#include <limits>
#include <string>
#include <vector>

#include "overflow/tensor_file_check.hpp"

using msprobe::overflow::value_anomalies;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

// "Max=inf Min=-inf" for the anomalies of `values`.
std::string anomalies(const std::vector<double>& values, bool include_mean = true) {
    std::string out;
    for (const auto& a : value_anomalies(values, include_mean))
        out += (out.empty() ? "" : " ") + a.statistic + "=" + a.value;
    return out;
}

}  // namespace

TEST_CASE("the statistics of a tensor's values that are inf or NaN", "[overflow][tensor_file_check]") {
    CHECK(anomalies({1.0, 2.0, 3.0}).empty());
    CHECK(anomalies({}).empty());
    CHECK(anomalies({1.0, kNan, 3.0}) == "Max=nan Min=nan Mean=nan");
    CHECK(anomalies({1.0, kInf}) == "Max=inf Mean=inf");
    CHECK(anomalies({-kInf, 2.0}) == "Min=-inf Mean=-inf");
    CHECK(anomalies({kInf, -kInf}) == "Max=inf Min=-inf Mean=nan");
    CHECK(anomalies({kInf, -kInf}, false) == "Max=inf Min=-inf");
    // torch sums before it divides: finite values whose sum overflows have an infinite mean.
    CHECK(anomalies({1e308, 1e308}) == "Mean=inf");
}
