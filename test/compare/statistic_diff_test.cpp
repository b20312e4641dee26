// August msprobe's statistics diff and relative-error texts, class by class.
#include <catch2/catch.hpp>

#include <limits>

#include "compare/statistic_diff.hpp"

using namespace msprobe::compare;
using msprobe::dump::StatValue;

namespace {
StatisticDiff diff(const StatValue& n, const StatValue& b) { return statistic_diff(n, &b); }
}  // namespace

TEST_CASE("august statistic texts are Python's str of the written cell") {
    CHECK(statistic_text(StatValue::of_number(0.5)) == "0.5");
    CHECK(statistic_text(StatValue::of_number(1.0)) == "1.0");
    CHECK(statistic_text(StatValue::of_integer(1)) == "1");
    CHECK(statistic_text(StatValue::of_bool(true)) == "True");
    CHECK(statistic_text(StatValue::null()) == "None");
    CHECK(statistic_text(StatValue::of_number(std::numeric_limits<double>::quiet_NaN())) == "Nan");
    CHECK(statistic_text(StatValue::of_text("tanh")) == "tanh");
}

TEST_CASE("august diff of two numbers goes through the 17-digit parser") {
    const auto d = diff(StatValue::of_number(0.07640822231769562), StatValue::of_number(0.09547385573387146));
    CHECK(d.diff == "-0.0190656334161758");
    CHECK(d.relative == "19.969480932372%");
}

TEST_CASE("august equal texts give 0 and 0, a zero bench gives inf") {
    CHECK(diff(StatValue::of_number(2.5), StatValue::of_number(2.5)).diff == "0");
    CHECK(diff(StatValue::of_number(2.5), StatValue::of_number(2.5)).relative == "0");
    CHECK(diff(StatValue::null(), StatValue::null()).relative == "0");
    CHECK(diff(StatValue::of_text("Nan"), StatValue::of_text("nan")).diff == "0");
    const auto zero_bench = diff(StatValue::of_number(0.5), StatValue::of_integer(0));
    CHECK(zero_bench.diff == "0.5");
    CHECK(zero_bench.relative == "inf");
    // Different texts of one value: a real zero difference.
    const auto int_float = diff(StatValue::of_integer(1), StatValue::of_number(1.0));
    CHECK(int_float.diff == "0.0");
    CHECK(int_float.relative == "0.0%");
}

TEST_CASE("august placeholders by the classes of the two values") {
    const double inf = std::numeric_limits<double>::infinity();
    const auto num = StatValue::of_number(1.5);
    const auto text = [](const char* t) { return StatValue::of_text(t); };
    CHECK(diff(num, text("nan")).diff == "Nan");
    CHECK(diff(num, StatValue::of_number(inf)).diff == "-inf");
    CHECK(diff(num, StatValue::of_number(-inf)).relative == "inf");
    CHECK(diff(StatValue::of_number(inf), num).diff == "inf");
    CHECK(diff(StatValue::of_number(-inf), StatValue::of_number(inf)).diff == "-inf");
    CHECK(diff(StatValue::of_number(inf), text("nan")).diff == "Nan");
    CHECK(diff(num, text("npu:0")).diff == "Diff");
    CHECK(diff(text("npu:0"), text("cpu")).diff == "N/A");
    CHECK(diff(text("tanh"), text("none")).relative == "Diff");
    CHECK(diff(StatValue::of_bool(true), StatValue::of_bool(false)).diff == "Diff");
    CHECK(diff(StatValue::null(), num).diff == "Diff");
    CHECK(diff(text("nan"), text("cuda:0")).diff == "Diff");
    const auto unmatched = statistic_diff(num, nullptr);
    CHECK(unmatched.diff == "N/A");
    CHECK(unmatched.relative == "N/A");
}
