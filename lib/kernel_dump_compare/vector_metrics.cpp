#include "kernel_dump_compare/vector_metrics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "kernel_dump_compare/metric_texts.hpp"
#include "kernel_dump_compare/numpy_sum.hpp"
#include "kernel_dump_compare/vector_passes.hpp"

namespace msprobe::kernel_dump_compare {

using namespace metric_texts;

namespace {

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

    const VectorPasses& passes = vector_passes();
    const FirstPassTotals first = passes.first(x, y, n);
    const float sum_xx = first.sums[0], sum_yy = first.sums[1], sum_rel = first.sums[2], sum_abs = first.sums[3],
                sum_sq = first.sums[4];
    const auto means = passes.double_sums(x, y, n);
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
        out.cells[MaxAbsolute] = six_decimals(first.max_abs);
    }
    out.cells[AccumulatedRelative] = six_decimals(sum_rel);
    // alg_RelativeEuclideanDistance: the ratio in float32, its root in float64.
    out.cells[RelativeEuclidean] = std::sqrt(static_cast<double>(sum_yy)) <= kEpsilonDouble
                                       ? six_decimals(0.0)
                                       : six_decimals(std::sqrt(static_cast<double>(sum_sq / sum_yy)));

    float kl = 0;
    if (n > 0) {
        const KlScaling p{first.min_x, first.max_x - first.min_x}, q{first.min_y, first.max_y - first.min_y};
        const auto second = passes.second(x, y, n, norm_x, norm_y, p, q);
        if (cosine_runs) {
            const float cosine = second[0];
            out.cells[Cosine] = six_decimals(cosine > 1.0F ? 1.0 : static_cast<double>(cosine));
        }
        kl = passes.kl(x, y, n, p, q, second[1], second[2]);
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

    const auto deviations = passes.deviations(x, y, n, mean_x, mean_y);
    out.cells[StandardDeviation] = mean_deviation_text(mean_x, std::sqrt(deviations[0] / count)) + "," +
                                   mean_deviation_text(mean_y, std::sqrt(deviations[1] / count));
    out.cells[MeanAbsolute] = six_decimals(mean_of(sum_abs, n));
    out.cells[RootMeanSquare] = six_decimals(std::sqrt(mean_of(sum_sq, n)));
    if (n == 0) {
        out.cells[MaxRelative] = kNan;
        out.messages.push_back(failed(MaxRelative, kEmptyMaximum));
    } else {
        out.cells[MaxRelative] = six_decimals(first.max_rel);
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
