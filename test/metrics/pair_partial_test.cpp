// The accumulators of one pass: the fixed lane tree, the compensated sum, and
// merging the partials of two chunks.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "metrics/pair_partial.hpp"

using namespace msprobe::metrics;

TEST_CASE("combine_lanes adds the eight lanes as a fixed tree", "[metrics][pair_partial]") {
    const double lanes[kSumLanes] = {1e16, 1.0, 1.0, -1e16, 0.0, 0.0, 0.0, 0.0};
    // (1e16 + 1) = 1e16 (rounded), (1 - 1e16) = -1e16 (rounded): their sum is 0.
    CHECK(combine_lanes(lanes) == 0.0);
    const double small[kSumLanes] = {1, 2, 3, 4, 5, 6, 7, 8};
    CHECK(combine_lanes(small) == 36.0);
}

TEST_CASE("CompensatedSum keeps what plain addition loses", "[metrics][pair_partial]") {
    CompensatedSum sum;
    for (const double x : {1e16, 1.0, -1e16}) sum.add(x);
    CHECK(sum.value() == 1.0);  // plain addition gives 0
    CHECK(((1e16 + 1.0) + -1e16) == 0.0);

    CompensatedSum overflow;
    overflow.add(1e308);
    overflow.add(1e308);
    CHECK(overflow.value() == std::numeric_limits<double>::infinity());
    overflow.add(-std::numeric_limits<double>::infinity());
    CHECK(std::isnan(overflow.value()));

    CompensatedSum a, b;
    a.add(1e16);
    a.add(1.0);
    b.add(-1e16);
    b.add(1.0);
    a.merge(b);
    CHECK(a.value() == 2.0);
}

TEST_CASE("merging partials adds counts and sums, keeps maxima and flags", "[metrics][pair_partial]") {
    PairPartial first;
    first.count = 3;
    first.npu.sum.add(6.0);
    first.npu.max_finite = 3.0;
    first.npu.min_finite = 1.0;
    first.max_abs_diff = 0.5;
    first.max_relative = 0.25;
    first.below_one_thousandth = 2;
    first.below_five_thousandths = 3;

    PairPartial second;
    second.count = 2;
    second.npu.sum.add(-1.0);
    second.npu.max_finite = 2.0;
    second.npu.min_finite = -4.0;
    second.npu.has_pos_inf = true;
    second.bench.has_nan = true;
    second.max_abs_diff = 1.5;
    second.max_relative = 0.125;
    second.relative_has_nan = true;
    second.below_one_thousandth = 1;
    second.inf_nan_positions_differ = true;

    merge(first, second);
    CHECK(first.count == 5);
    CHECK(first.npu.sum.value() == 5.0);
    CHECK(first.npu.max_finite == 3.0);
    CHECK(first.npu.min_finite == -4.0);
    CHECK(first.npu.has_pos_inf);
    CHECK_FALSE(first.npu.has_nan);
    CHECK(first.bench.has_nan);
    CHECK(first.max_abs_diff == 1.5);
    CHECK(first.max_relative == 0.25);
    CHECK(first.relative_has_nan);
    CHECK(first.below_one_thousandth == 3);
    CHECK(first.below_five_thousandths == 3);
    CHECK(first.inf_nan_positions_differ);
}
