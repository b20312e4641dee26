#pragma once
// Everything one pass over (part of) a tensor pair accumulates, and the one
// summation order every implementation follows so that the scalar reference,
// each SIMD build and any thread split produce bit-identical sums:
//
//   * the elements of a chunk are cut into blocks of kBlockElements, starting
//     at the chunk's first element (the last block may be shorter);
//   * inside a block, element j adds its term to lane j % kSumLanes, in order;
//   * a block's lanes are combined by combine_lanes() (a fixed tree);
//   * block sums enter the chunk's CompensatedSum in block order;
//   * chunks (fixed size kChunkElements) are merged in chunk order.
//
// Per-element terms are computed in double without fused multiply-add.
#include <cmath>
#include <cstdint>
#include <limits>

namespace msprobe::metrics {

inline constexpr int kSumLanes = 8;
inline constexpr std::int64_t kBlockElements = 1024;
inline constexpr std::int64_t kChunkElements = std::int64_t{1} << 18;
static_assert(kChunkElements % kBlockElements == 0);

// ((l0 + l1) + (l2 + l3)) + ((l4 + l5) + (l6 + l7))
inline double combine_lanes(const double (&lanes)[kSumLanes]) {
    return ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]));
}

// Neumaier compensated sum of block sums: keeps a chunk's or a tensor's total
// accurate to about one rounding. Non-finite totals stay inf/nan (the
// compensation is frozen once the sum overflows).
struct CompensatedSum {
    double sum = 0.0;
    double carry = 0.0;

    void add(double x) {
        const double total = sum + x;
        if (std::isfinite(total)) {
            carry += std::fabs(sum) >= std::fabs(x) ? (sum - total) + x : (x - total) + sum;
        }
        sum = total;
    }
    void merge(const CompensatedSum& other) {
        add(other.sum);
        carry += other.carry;
    }
    double value() const { return sum + carry; }
};

// Per-side accumulators. Sums treat inf/nan as 0 (the metric arrays after
// msprobe's zeroing); max/min look at finite values only; the flags remember
// what was skipped so the raw statistics can be rebuilt.
struct SideAccumulator {
    CompensatedSum sum;
    CompensatedSum sum_of_squares;
    double max_finite = -std::numeric_limits<double>::infinity();
    double min_finite = std::numeric_limits<double>::infinity();
    bool has_nan = false;
    bool has_pos_inf = false;
    bool has_neg_inf = false;

    void merge(const SideAccumulator& other);
};

struct PairPartial {
    std::int64_t count = 0;  // elements covered
    SideAccumulator npu;
    SideAccumulator bench;
    CompensatedSum dot;           // sum n*b
    CompensatedSum diff_squares;  // sum (n-b)^2
    double max_abs_diff = 0.0;    // max |n-b| (float64, after zeroing)
    double max_relative = 0.0;    // max of the non-NaN relative errors
    bool relative_has_nan = false;
    std::int64_t below_one_thousandth = 0;
    std::int64_t below_five_thousandths = 0;
    // Some position is inf in one array and not the other, or nan in one and
    // not the other (+inf vs -inf counts as matching).
    bool inf_nan_positions_differ = false;
};

// `into` followed by `next` (chunk order matters for the sums' last bits).
void merge(PairPartial& into, const PairPartial& next);

}  // namespace msprobe::metrics
