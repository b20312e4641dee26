#include "kernel_dump_compare/vector_metrics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "kernel_dump_compare/metric_texts.hpp"
#include "kernel_dump_compare/numpy_sum.hpp"
#include "kernel_dump_compare/numpy_sums.hpp"

namespace msprobe::kernel_dump_compare {

using namespace metric_texts;

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
        bool nan_a = false, nan_b = false, nan_d = false, nan_r = false;
        for (std::size_t j = 0; j < 8; ++j) {
            const float a = x[i + j], b = y[i + j];
            const float d = a - b;
            const float abs_diff = std::fabs(d);
            const float rel = std::fabs(b) > kEpsilon ? std::fabs(a / b - 1.0F) : 0.0F;
            v[0][j] = a * a;
            v[1][j] = b * b;
            v[2][j] = rel;
            v[3][j] = abs_diff;
            v[4][j] = d * d;
            nan_a |= a != a;
            nan_b |= b != b;
            nan_d |= abs_diff != abs_diff;
            nan_r |= rel != rel;
            lane(j, a, b, abs_diff, rel);
        }
        nan_x |= nan_a;
        nan_y |= nan_b;
        nan_abs |= nan_d;
        nan_rel |= nan_r;
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
    float term(float a, float b) const {
        const float pp = p(a) / sum_p;
        const float qq = q(b) / sum_q;
        return pp * std::log(pp / qq);
    }
    void block8(std::size_t i, float (&v)[1][8]) const {
        for (std::size_t j = 0; j < 8; ++j) v[0][j] = term(x[i + j], y[i + j]);
    }
    void one(std::size_t i, float (&v)[1]) const { v[0] = term(x[i], y[i]); }
};

float mean_of(float sum, std::size_t n) {
    return static_cast<float>(static_cast<double>(sum) / static_cast<double>(n));
}

}  // namespace

const std::array<std::string, kAlgorithmCount>& algorithm_names() {
    static const std::array<std::string, kAlgorithmCount> names = {
        "CosineSimilarity",          "MaxAbsoluteError",  "AccumulatedRelativeError", "RelativeEuclideanDistance",
        "KullbackLeiblerDivergence", "StandardDeviation", "MeanAbsoluteError",        "RootMeanSquareError",
        "MaxRelativeError",          "MeanRelativeError"};
    return names;
}

std::array<std::string, kAlgorithmCount> nan_cells() {
    std::array<std::string, kAlgorithmCount> cells;
    cells.fill(kNan);
    return cells;
}

std::string six_decimals(double value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    return fmt::format("{:.6f}", value);
}

VectorMetrics compare_vectors(const VectorPair& pair) {
    VectorMetrics out;
    const std::size_t n = pair.mine.size();
    const float* x = pair.mine.data();
    const float* y = pair.golden.data();

    const FirstPass first(x, y);
    const auto sums = numpy_sums<float, 5>(first, n);
    const float sum_xx = sums[0], sum_yy = sums[1], sum_rel = sums[2], sum_abs = sums[3], sum_sq = sums[4];
    const auto means = numpy_sums<double, 2>(DoubleSums{x, y}, n);
    const double count = static_cast<double>(n);
    const double mean_x = means[0] / count, mean_y = means[1] / count;

    // alg_CosineSimilarity: np.linalg.norm in float32.
    const float norm_x = std::sqrt(sum_xx), norm_y = std::sqrt(sum_yy);
    bool cosine_runs = false;
    if (pair.scalar) {
        out.cells[Cosine] = six_decimals(1);
        out.messages.emplace_back("This tensor is scalar.");
    } else if (norm_x <= kEpsilon && norm_y < kEpsilon) {
        out.cells[Cosine] = "1.0";
    } else if (std::sqrt(norm_x) <= kEpsilon) {
        out.cells[Cosine] = kNan;
        out.messages.push_back(zero_data(pair.my_file));
    } else if (std::sqrt(norm_y) <= kEpsilon) {
        out.cells[Cosine] = kNan;
        out.messages.push_back(zero_data(pair.golden_file));
    } else {
        cosine_runs = true;
    }
    if (n == 0) {
        out.cells[MaxAbsolute] = kNan;
        out.messages.push_back(failed(MaxAbsolute, kEmptyMaximum));
    } else {
        out.cells[MaxAbsolute] = six_decimals(FirstPass::reduce_max(first.max_abs, first.nan_abs));
    }
    out.cells[AccumulatedRelative] = six_decimals(sum_rel);
    // alg_RelativeEuclideanDistance: the ratio in float32, its root in float64.
    out.cells[RelativeEuclidean] = std::sqrt(static_cast<double>(sum_yy)) <= kEpsilonDouble
                                       ? six_decimals(0.0)
                                       : six_decimals(std::sqrt(static_cast<double>(sum_sq / sum_yy)));

    float kl = 0;
    if (n > 0) {
        const float max_x = FirstPass::reduce_max(first.max_x, first.nan_x);
        const float min_x = FirstPass::reduce_min(first.min_x, first.nan_x);
        const float max_y = FirstPass::reduce_max(first.max_y, first.nan_y);
        const float min_y = FirstPass::reduce_min(first.min_y, first.nan_y);
        const Scaling p{min_x, max_x - min_x}, q{min_y, max_y - min_y};
        const auto second = numpy_sums<float, 3>(SecondPass{x, y, norm_x, norm_y, p, q}, n);
        if (cosine_runs) {
            const float cosine = second[0];
            out.cells[Cosine] = six_decimals(cosine > 1.0F ? 1.0 : static_cast<double>(cosine));
        }
        kl = numpy_sums<float, 1>(KlPass{x, y, p, q, second[1], second[2]}, n)[0];
        if (std::fabs(kl) < kEpsilon) kl = 0.0F;
        out.cells[KullbackLeibler] = six_decimals(kl);
    } else {
        if (cosine_runs) out.cells[Cosine] = six_decimals(0);
        out.cells[KullbackLeibler] = kNan;
        out.messages.push_back(failed(KullbackLeibler, kEmptyMaximum));
    }
    if (std::isinf(kl) && kl > 0) {
        out.messages.push_back("Cannot compare by KL Divergence. The data contains 0 in '" + pair.golden_file + "'.");
    }

    const auto deviations = numpy_sums<double, 2>(Deviations{x, y, mean_x, mean_y}, n);
    out.cells[StandardDeviation] = mean_deviation_text(mean_x, std::sqrt(deviations[0] / count)) + "," +
                                   mean_deviation_text(mean_y, std::sqrt(deviations[1] / count));
    out.cells[MeanAbsolute] = six_decimals(mean_of(sum_abs, n));
    out.cells[RootMeanSquare] = six_decimals(std::sqrt(mean_of(sum_sq, n)));
    if (n == 0) {
        out.cells[MaxRelative] = kNan;
        out.messages.push_back(failed(MaxRelative, kEmptyMaximum));
    } else {
        out.cells[MaxRelative] = six_decimals(FirstPass::reduce_max(first.max_rel, first.nan_rel));
    }
    out.cells[MeanRelative] = six_decimals(mean_of(sum_rel, n));
    return out;
}

VectorMetrics compare_bool_vectors(std::span<const std::uint8_t> mine, std::span<const std::uint8_t> golden,
                                   bool scalar, const std::string& my_file, const std::string& golden_file) {
    VectorMetrics out;
    const std::size_t n = mine.size();
    for (std::size_t a = 0; a < kAlgorithmCount; ++a) {
        const auto algorithm = static_cast<Algorithm>(a);
        if (algorithm == Cosine) {
            if (scalar) {
                out.cells[a] = six_decimals(1);
                out.messages.emplace_back("This tensor is scalar.");
                continue;
            }
            // np.linalg.norm widens bool to float64.
            const double mine_norm =
                std::sqrt(numpy_sum<double>([&](std::size_t i) { return mine[i] ? 1.0 : 0.0; }, n));
            const double golden_norm =
                std::sqrt(numpy_sum<double>([&](std::size_t i) { return golden[i] ? 1.0 : 0.0; }, n));
            if (mine_norm <= kEpsilonDouble && golden_norm < kEpsilonDouble) {
                out.cells[a] = "1.0";
            } else if (std::sqrt(mine_norm) <= kEpsilonDouble) {
                out.cells[a] = kNan;
                out.messages.push_back("Cannot compare by Cosine Similarity. All the data is zero in " + my_file + ".");
            } else if (std::sqrt(golden_norm) <= kEpsilonDouble) {
                out.cells[a] = kNan;
                out.messages.push_back("Cannot compare by Cosine Similarity. All the data is zero in " + golden_file +
                                       ".");
            } else {
                const double result = numpy_sum<double>(
                    [&](std::size_t i) {
                        return ((mine[i] ? 1.0 : 0.0) / mine_norm) * ((golden[i] ? 1.0 : 0.0) / golden_norm);
                    },
                    n);
                out.cells[a] = six_decimals(std::min(result, 1.0));
            }
        } else if (algorithm == RelativeEuclidean) {
            std::int64_t golden_square = 0;
            for (std::size_t i = 0; i < n; ++i) golden_square += golden[i] ? 1 : 0;
            if (std::sqrt(static_cast<double>(golden_square)) <= kEpsilonDouble) {
                out.cells[a] = six_decimals(0.0);
            } else {
                out.cells[a] = kNan;
                out.messages.push_back(failed(RelativeEuclidean,
                                              "numpy boolean subtract, the `-` operator, is not supported, use the "
                                              "bitwise_xor, the `^` operator, or the logical_xor function instead."));
            }
        } else {
            out.cells[a] = kNan;
            out.messages.push_back(fmt::format("Algorithm {} does not support Boolean types.", algorithm_names()[a]));
        }
    }
    return out;
}

}  // namespace msprobe::kernel_dump_compare
