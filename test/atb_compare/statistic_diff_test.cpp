// Stats mode's Diff and Relative Err cells (atb_data_compare.py:
// cal_comparison_metrics_by_stats); the first four cases are msprobe's own
// test (test_cal_comparison_metrics_by_stats).
#include <catch2/catch.hpp>

#include <cmath>

#include "atb_compare/statistic_diff.hpp"
#include "common/python_text.hpp"

using msprobe::atb::statistic_diff;

namespace {

std::pair<std::string, std::string> cells(std::string_view target, std::string_view golden) {
    const auto d = statistic_diff(target, golden);
    return {d.diff, d.relative_error};
}

using Cells = std::pair<std::string, std::string>;

}  // namespace

TEST_CASE("atb statistic diff: msprobe's cases", "[atb_compare]") {
    CHECK(cells("2", "2") == Cells{"0.0", "0.0"});
    CHECK(cells("2", "1") == Cells{"1.0", "100.0"});
    CHECK(cells("2", "0") == Cells{"2.0", "N/A"});
    CHECK(cells("2", "a") == Cells{"N/A", "N/A"});
    CHECK(cells("x", "2") == Cells{"N/A", "N/A"});
}

TEST_CASE("atb statistic diff: texts are Python floats, results Python's repr", "[atb_compare]") {
    // 0.3 - 0.1 in binary64 is 0.19999999999999998; the relative error is |diff / golden * 100| in that order.
    const auto d = statistic_diff("0.3", "0.1");
    CHECK(d.diff == "0.19999999999999998");
    CHECK(d.relative_error == msprobe::py::float_repr(std::fabs((0.3 - 0.1) / 0.1 * 100)));
    // A negative difference, its relative error positive.
    CHECK(cells("-0.00132", "-0.00264") == Cells{"0.00132", "50.0"});
    // float() takes spaces, exponents and nan/inf words.
    CHECK(cells(" 1e-05 ", "2e-05") == Cells{"-1e-05", "50.0"});
    CHECK(cells("inf", "1") == Cells{"inf", "inf"});
    CHECK(cells("nan", "1") == Cells{"nan", "nan"});
    CHECK(cells("inf", "inf") == Cells{"nan", "nan"});
    // -0.0 - 0.0 is -0.0, which compares equal to 0.
    CHECK(cells("-0.0", "0") == Cells{"-0.0", "0.0"});
}
