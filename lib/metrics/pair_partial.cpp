#include "metrics/pair_partial.hpp"

#include <algorithm>

namespace msprobe::metrics {

void SideAccumulator::merge(const SideAccumulator& other) {
    sum.merge(other.sum);
    sum_of_squares.merge(other.sum_of_squares);
    max_finite = std::max(max_finite, other.max_finite);
    min_finite = std::min(min_finite, other.min_finite);
    has_nan = has_nan || other.has_nan;
    has_pos_inf = has_pos_inf || other.has_pos_inf;
    has_neg_inf = has_neg_inf || other.has_neg_inf;
}

void merge(PairPartial& into, const PairPartial& next) {
    into.count += next.count;
    into.npu.merge(next.npu);
    into.bench.merge(next.bench);
    into.dot.merge(next.dot);
    into.diff_squares.merge(next.diff_squares);
    into.max_abs_diff = std::max(into.max_abs_diff, next.max_abs_diff);
    into.max_relative = std::max(into.max_relative, next.max_relative);
    into.relative_has_nan = into.relative_has_nan || next.relative_has_nan;
    into.below_one_thousandth += next.below_one_thousandth;
    into.below_five_thousandths += next.below_five_thousandths;
    into.inf_nan_positions_differ = into.inf_nan_positions_differ || next.inf_nan_positions_differ;
}

}  // namespace msprobe::metrics
