#pragma once
// The passes of vector_passes.hpp; included by one vector_passes_<set>.cpp per
// instruction set, which names the namespace (MSPROBE_PASSES_NAMESPACE) and
// compiles it with that set's flags.
#include <algorithm>
#include <cmath>
#include <iterator>

#include "kernel_dump_compare/float_log.hpp"
#include "kernel_dump_compare/metric_texts.hpp"
#include "kernel_dump_compare/numpy_sums.hpp"
#include "kernel_dump_compare/vector_passes.hpp"

namespace msprobe::kernel_dump_compare::MSPROBE_PASSES_NAMESPACE {

using metric_texts::kEpsilon;
using metric_texts::kFloat32Epsilon;
using metric_texts::relative_error;

namespace {

// Pass 1: the sums and extremes that need nothing else: x², y², the relative error, |x - y| and (x - y)²,
// max |x - y| and max relative error, and min/max of each side (NumPy's NaN-propagating max and min).
struct FirstPass {
    const float* x;
    const float* y;
    // Per-lane running extremes; NaN is tracked apart so the comparisons stay branch-free.
    mutable float max_abs[8], max_rel[8], min_x[8], max_x[8], min_y[8], max_y[8];
    mutable bool nan_abs = false, nan_rel = false, nan_x = false, nan_y = false;

    FirstPass(const float* a, const float* b) : x(a), y(b) {
        std::fill(std::begin(max_abs), std::end(max_abs), -INFINITY);
        std::fill(std::begin(max_rel), std::end(max_rel), -INFINITY);
        std::fill(std::begin(max_x), std::end(max_x), -INFINITY);
        std::fill(std::begin(max_y), std::end(max_y), -INFINITY);
        std::fill(std::begin(min_x), std::end(min_x), INFINITY);
        std::fill(std::begin(min_y), std::end(min_y), INFINITY);
    }

    void lane(std::size_t j, float a, float b, float abs_diff, float rel) const {
        max_abs[j] = abs_diff > max_abs[j] ? abs_diff : max_abs[j];
        max_rel[j] = rel > max_rel[j] ? rel : max_rel[j];
        max_x[j] = a > max_x[j] ? a : max_x[j];
        min_x[j] = a < min_x[j] ? a : min_x[j];
        max_y[j] = b > max_y[j] ? b : max_y[j];
        min_y[j] = b < min_y[j] ? b : min_y[j];
    }

    void block8(std::size_t i, float (&v)[5][8]) const {
        // Local copies and integer flags: nothing the loop writes can alias what it reads, so it vectorizes.
        float m_abs[8], m_rel[8], lo_x[8], hi_x[8], lo_y[8], hi_y[8];
        std::copy(std::begin(max_abs), std::end(max_abs), m_abs);
        std::copy(std::begin(max_rel), std::end(max_rel), m_rel);
        std::copy(std::begin(min_x), std::end(min_x), lo_x);
        std::copy(std::begin(max_x), std::end(max_x), hi_x);
        std::copy(std::begin(min_y), std::end(min_y), lo_y);
        std::copy(std::begin(max_y), std::end(max_y), hi_y);
        const float* __restrict a_in = x + i;
        const float* __restrict b_in = y + i;
        int nan_a = 0, nan_b = 0, nan_d = 0, nan_r = 0;
        for (std::size_t j = 0; j < 8; ++j) {
            const float a = a_in[j], b = b_in[j];
            const float d = a - b;
            const float abs_diff = std::fabs(d);
            const float quotient = a / b - 1.0F;
            const float rel = std::fabs(b) > kEpsilon ? std::fabs(quotient) : 0.0F;
            v[0][j] = a * a;
            v[1][j] = b * b;
            v[2][j] = rel;
            v[3][j] = abs_diff;
            v[4][j] = d * d;
            nan_a |= static_cast<int>(a != a);
            nan_b |= static_cast<int>(b != b);
            nan_d |= static_cast<int>(abs_diff != abs_diff);
            nan_r |= static_cast<int>(rel != rel);
            m_abs[j] = abs_diff > m_abs[j] ? abs_diff : m_abs[j];
            m_rel[j] = rel > m_rel[j] ? rel : m_rel[j];
            hi_x[j] = a > hi_x[j] ? a : hi_x[j];
            lo_x[j] = a < lo_x[j] ? a : lo_x[j];
            hi_y[j] = b > hi_y[j] ? b : hi_y[j];
            lo_y[j] = b < lo_y[j] ? b : lo_y[j];
        }
        std::copy(m_abs, m_abs + 8, max_abs);
        std::copy(m_rel, m_rel + 8, max_rel);
        std::copy(lo_x, lo_x + 8, min_x);
        std::copy(hi_x, hi_x + 8, max_x);
        std::copy(lo_y, lo_y + 8, min_y);
        std::copy(hi_y, hi_y + 8, max_y);
        nan_x |= nan_a != 0;
        nan_y |= nan_b != 0;
        nan_abs |= nan_d != 0;
        nan_rel |= nan_r != 0;
    }

    void one(std::size_t i, float (&v)[5]) const {
        const float a = x[i], b = y[i];
        const float d = a - b;
        const float abs_diff = std::fabs(d);
        const float rel = relative_error(a, b);
        v[0] = a * a;
        v[1] = b * b;
        v[2] = rel;
        v[3] = abs_diff;
        v[4] = d * d;
        nan_x |= a != a;
        nan_y |= b != b;
        nan_abs |= abs_diff != abs_diff;
        nan_rel |= rel != rel;
        lane(0, a, b, abs_diff, rel);
    }

    static float reduce_max(const float (&lanes)[8], bool nan) {
        if (nan) return NAN;
        return *std::max_element(std::begin(lanes), std::end(lanes));
    }
    static float reduce_min(const float (&lanes)[8], bool nan) {
        if (nan) return NAN;
        return *std::min_element(std::begin(lanes), std::end(lanes));
    }
};

// The float64 sums of both sides in the casting reduction's order (np.mean(dtype=np.float64)).
struct DoubleSums {
    const float* x;
    const float* y;
    void block8(std::size_t i, double (&v)[2][8]) const {
        for (std::size_t j = 0; j < 8; ++j) {
            v[0][j] = static_cast<double>(x[i + j]);
            v[1][j] = static_cast<double>(y[i + j]);
        }
    }
    void one(std::size_t i, double (&v)[2]) const {
        v[0] = static_cast<double>(x[i]);
        v[1] = static_cast<double>(y[i]);
    }
};

// Squared deviations from the float64 means (np.std's second reduction, over a float64 array).
struct Deviations {
    const float* x;
    const float* y;
    double mean_x, mean_y;
    void block8(std::size_t i, double (&v)[2][8]) const {
        for (std::size_t j = 0; j < 8; ++j) {
            const double a = static_cast<double>(x[i + j]) - mean_x;
            const double b = static_cast<double>(y[i + j]) - mean_y;
            v[0][j] = a * a;
            v[1][j] = b * b;
        }
    }
    void one(std::size_t i, double (&v)[2]) const {
        const double a = static_cast<double>(x[i]) - mean_x;
        const double b = static_cast<double>(y[i]) - mean_y;
        v[0] = a * a;
        v[1] = b * b;
    }
};

// alg_KullbackLeiblerDivergence._normalized: min-max scaled (when the range is not 0), at least float32 eps.
struct Scaling {
    float min, range;
    explicit Scaling(KlScaling s) : min(s.min), range(s.range) {}
    float operator()(float v) const {
        const float s = range != 0.0F ? (v - min) / range : v;
        return std::max(s, kFloat32Epsilon);  // keeps NaN, as np.maximum does
    }
};

// Pass 2: the cosine's normalized products and the KL sides' scaled sums.
struct SecondPass {
    const float* x;
    const float* y;
    float norm_x, norm_y;
    Scaling p, q;
    void block8(std::size_t i, float (&v)[3][8]) const {
        for (std::size_t j = 0; j < 8; ++j) {
            const float a = x[i + j], b = y[i + j];
            v[0][j] = (a / norm_x) * (b / norm_y);
            v[1][j] = p(a);
            v[2][j] = q(b);
        }
    }
    void one(std::size_t i, float (&v)[3]) const {
        v[0] = (x[i] / norm_x) * (y[i] / norm_y);
        v[1] = p(x[i]);
        v[2] = q(y[i]);
    }
};

// Pass 3: the KL terms p * log(p / q) of the normalized distributions.
struct KlPass {
    const float* x;
    const float* y;
    Scaling p, q;
    float sum_p, sum_q;
    void block8(std::size_t i, float (&v)[1][8]) const {
        // Locals only inside the loop: it vectorizes, the rare special lanes are redone after it.
        const Scaling sp = p, sq = q;
        const float total_p = sum_p, total_q = sum_q;
        const float* __restrict a_in = x + i;
        const float* __restrict b_in = y + i;
        float terms[8], ratio[8], share[8];
        int any = 0;
        for (std::size_t j = 0; j < 8; ++j) {
            const float pp = sp(a_in[j]) / total_p;
            const float r = pp / (sq(b_in[j]) / total_q);
            int special = 0;
            terms[j] = pp * float_log(r, special);
            ratio[j] = r;
            share[j] = pp;
            any |= special;
        }
        for (std::size_t j = 0; j < 8; ++j) v[0][j] = terms[j];
        if (any == 0) return;
        for (std::size_t j = 0; j < 8; ++j) {
            int special = 0;
            (void)float_log(ratio[j], special);
            if (special != 0) v[0][j] = share[j] * std::log(ratio[j]);
        }
    }
    void one(std::size_t i, float (&v)[1]) const {
        const float pp = p(x[i]) / sum_p;
        const float ratio = pp / (q(y[i]) / sum_q);
        int special = 0;
        const float log = float_log(ratio, special);
        v[0] = pp * (special != 0 ? std::log(ratio) : log);
    }
};

FirstPassTotals first(const float* x, const float* y, std::size_t n) {
    const FirstPass pass(x, y);
    FirstPassTotals totals;
    totals.sums = numpy_sums<float, 5>(pass, n);
    totals.max_abs = FirstPass::reduce_max(pass.max_abs, pass.nan_abs);
    totals.max_rel = FirstPass::reduce_max(pass.max_rel, pass.nan_rel);
    totals.min_x = FirstPass::reduce_min(pass.min_x, pass.nan_x);
    totals.max_x = FirstPass::reduce_max(pass.max_x, pass.nan_x);
    totals.min_y = FirstPass::reduce_min(pass.min_y, pass.nan_y);
    totals.max_y = FirstPass::reduce_max(pass.max_y, pass.nan_y);
    return totals;
}

std::array<double, 2> double_sums(const float* x, const float* y, std::size_t n) {
    return numpy_sums<double, 2>(DoubleSums{x, y}, n);
}

std::array<float, 3> second(const float* x, const float* y, std::size_t n, float norm_x, float norm_y, KlScaling p,
                            KlScaling q) {
    return numpy_sums<float, 3>(SecondPass{x, y, norm_x, norm_y, Scaling(p), Scaling(q)}, n);
}

float kl(const float* x, const float* y, std::size_t n, KlScaling p, KlScaling q, float sum_p, float sum_q) {
    return numpy_sums<float, 1>(KlPass{x, y, Scaling(p), Scaling(q), sum_p, sum_q}, n)[0];
}

std::array<double, 2> deviations(const float* x, const float* y, std::size_t n, double mean_x, double mean_y) {
    return numpy_sums<double, 2>(Deviations{x, y, mean_x, mean_y}, n);
}

}  // namespace

const VectorPasses& passes() {
    static const VectorPasses table{first, double_sums, second, kl, deviations};
    return table;
}

}  // namespace msprobe::kernel_dump_compare::MSPROBE_PASSES_NAMESPACE
