#pragma once
// Bit-exact comparison of two PairPartials (NaN equal to NaN), for the tests
// that hold a SIMD kernel to the scalar reference.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>

#include "metrics/pair_partial.hpp"

namespace msprobe::metrics::testing {

inline bool same_double(double a, double b) {
    return (std::isnan(a) && std::isnan(b)) || std::memcmp(&a, &b, sizeof a) == 0;
}

inline void require_same_sum(const CompensatedSum& a, const CompensatedSum& b) {
    CHECK(same_double(a.sum, b.sum));
    CHECK(same_double(a.carry, b.carry));
}

inline void require_same_partial(const PairPartial& a, const PairPartial& b) {
    CHECK(a.count == b.count);
    require_same_sum(a.dot, b.dot);
    require_same_sum(a.diff_squares, b.diff_squares);
    for (auto side : {&PairPartial::npu, &PairPartial::bench}) {
        const SideAccumulator& x = a.*side;
        const SideAccumulator& y = b.*side;
        require_same_sum(x.sum, y.sum);
        require_same_sum(x.sum_of_squares, y.sum_of_squares);
        CHECK(same_double(x.max_finite, y.max_finite));
        CHECK(same_double(x.min_finite, y.min_finite));
        CHECK(x.has_nan == y.has_nan);
        CHECK(x.has_pos_inf == y.has_pos_inf);
        CHECK(x.has_neg_inf == y.has_neg_inf);
    }
    CHECK(same_double(a.max_abs_diff, b.max_abs_diff));
    CHECK(same_double(a.max_relative, b.max_relative));
    CHECK(a.relative_has_nan == b.relative_has_nan);
    CHECK(a.below_one_thousandth == b.below_one_thousandth);
    CHECK(a.below_five_thousandths == b.below_five_thousandths);
    CHECK(a.inf_nan_positions_differ == b.inf_nan_positions_differ);
}

}  // namespace msprobe::metrics::testing
