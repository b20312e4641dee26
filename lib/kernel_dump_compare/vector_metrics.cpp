#include "kernel_dump_compare/vector_metrics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "kernel_dump_compare/numpy_sum.hpp"

namespace msprobe::kernel_dump_compare {

namespace {

// ConstManager.FLOAT_EPSILON (np.finfo(float).eps), as NumPy compares it with float32 values.
constexpr float kEpsilon = static_cast<float>(std::numeric_limits<double>::epsilon());
constexpr double kEpsilonDouble = std::numeric_limits<double>::epsilon();
// alg_KullbackLeiblerDivergence.FLOAT_EPSILON: np.finfo(np.float32).eps.
constexpr float kFloat32Epsilon = std::numeric_limits<float>::epsilon();
constexpr const char* kNan = "NaN";
const std::string kEmptyMaximum = "zero-size array to reduction operation maximum which has no identity";

enum Algorithm : std::size_t {
    Cosine,
    MaxAbsolute,
    AccumulatedRelative,
    RelativeEuclidean,
    KullbackLeibler,
    StandardDeviation,
    MeanAbsolute,
    RootMeanSquare,
    MaxRelative,
    MeanRelative,
};

std::string failed(Algorithm algorithm, const std::string& reason) {
    return fmt::format("Failed to execute 'compare' in '{}'. {}", algorithm_names()[algorithm], reason);
}

// np.max of float32 values: NaN as soon as one is NaN.
template <class Value>
float numpy_max(const Value& value, std::size_t n) {
    float best = value(0);
    for (std::size_t i = 1; i < n; ++i) {
        const float v = value(i);
        if (std::isnan(best)) break;
        if (std::isnan(v) || v > best) best = v;
    }
    return best;
}

template <class Value>
float numpy_min(const Value& value, std::size_t n) {
    float best = value(0);
    for (std::size_t i = 1; i < n; ++i) {
        const float v = value(i);
        if (std::isnan(best)) break;
        if (std::isnan(v) || v < best) best = v;
    }
    return best;
}

// np.mean of a float32 array: the float32 sum divided by the count in float64, cast back.
template <class Value>
float numpy_mean(const Value& value, std::size_t n) {
    const float sum = numpy_sum<float>(value, n);
    return static_cast<float>(static_cast<double>(sum) / static_cast<double>(n));
}

// |x/y - 1| where |y| > eps, else 0 (the three relative-error algorithms).
float relative_error(float x, float y) { return std::fabs(y) > kEpsilon ? std::fabs(x / y - 1.0F) : 0.0F; }

void cosine(const VectorPair& p, VectorMetrics& out) {
    if (p.scalar) {
        out.cells[Cosine] = six_decimals(1);
        out.messages.emplace_back("This tensor is scalar.");
        return;
    }
    const std::size_t n = p.mine.size();
    const float mine_norm = std::sqrt(numpy_sum<float>([&](std::size_t i) { return p.mine[i] * p.mine[i]; }, n));
    const float golden_norm =
        std::sqrt(numpy_sum<float>([&](std::size_t i) { return p.golden[i] * p.golden[i]; }, n));
    if (mine_norm <= kEpsilon && golden_norm < kEpsilon) {
        out.cells[Cosine] = "1.0";
        return;
    }
    if (std::sqrt(mine_norm) <= kEpsilon) {
        out.cells[Cosine] = kNan;
        out.messages.push_back("Cannot compare by Cosine Similarity. All the data is zero in " + p.my_file + ".");
        return;
    }
    if (std::sqrt(golden_norm) <= kEpsilon) {
        out.cells[Cosine] = kNan;
        out.messages.push_back("Cannot compare by Cosine Similarity. All the data is zero in " + p.golden_file + ".");
        return;
    }
    const float result = numpy_sum<float>(
        [&](std::size_t i) { return (p.mine[i] / mine_norm) * (p.golden[i] / golden_norm); }, n);
    // min(result, 1.0): a NaN result stays NaN.
    out.cells[Cosine] = six_decimals(result > 1.0F ? 1.0 : static_cast<double>(result));
}

void relative_euclidean(const VectorPair& p, VectorMetrics& out) {
    const std::size_t n = p.mine.size();
    const float golden_square = numpy_sum<float>([&](std::size_t i) { return p.golden[i] * p.golden[i]; }, n);
    if (std::sqrt(static_cast<double>(golden_square)) <= kEpsilonDouble) {
        out.cells[RelativeEuclidean] = six_decimals(0.0);
        return;
    }
    const float diff_square = numpy_sum<float>(
        [&](std::size_t i) {
            const float d = p.mine[i] - p.golden[i];
            return d * d;
        },
        n);
    const float ratio = diff_square / golden_square;
    out.cells[RelativeEuclidean] = six_decimals(std::sqrt(static_cast<double>(ratio)));
}

// alg_KullbackLeiblerDivergence._normalized: min-max scaled to [0, 1] (when the range is not 0), at least eps.
std::vector<float> normalized(std::span<const float> data) {
    const std::size_t n = data.size();
    const auto at = [&](std::size_t i) { return data[i]; };
    const float max_value = numpy_max(at, n);
    const float min_value = numpy_min(at, n);
    const float range = max_value - min_value;
    std::vector<float> scaled(n);
    for (std::size_t i = 0; i < n; ++i) {
        const float v = range != 0.0F ? (data[i] - min_value) / range : data[i];
        scaled[i] = std::isnan(v) ? v : std::max(v, kFloat32Epsilon);  // np.maximum keeps NaN
    }
    return scaled;
}

void kullback_leibler(const VectorPair& p, VectorMetrics& out) {
    const std::size_t n = p.mine.size();
    if (n == 0) {
        out.cells[KullbackLeibler] = kNan;
        out.messages.push_back(failed(KullbackLeibler, kEmptyMaximum));
        return;
    }
    // After the clamp to eps no value is 0, so msaccucmp's all-zero refusals cannot fire.
    const std::vector<float> mine = normalized(p.mine);
    const std::vector<float> golden = normalized(p.golden);
    const float mine_sum = numpy_sum<float>([&](std::size_t i) { return mine[i]; }, n);
    const float golden_sum = numpy_sum<float>([&](std::size_t i) { return golden[i]; }, n);
    float result = numpy_sum<float>(
        [&](std::size_t i) {
            const float x = mine[i] / mine_sum;
            const float y = golden[i] / golden_sum;
            return x * std::log(x / y);
        },
        n);
    if (std::fabs(result) < kEpsilon) result = 0.0F;
    out.cells[KullbackLeibler] = six_decimals(result);
    if (std::isinf(result) && result > 0) {
        out.messages.push_back("Cannot compare by KL Divergence. The data contains 0 in '" + p.golden_file + "'.");
    }
}

// "(mean;std)" with float64 accumulators (np.mean/np.std with dtype=np.float64), values under 0.001 shown as 0.
std::string mean_and_deviation(std::span<const float> data) {
    const std::size_t n = data.size();
    const double count = static_cast<double>(n);
    const double mean =
        buffered_sum<double>([&](std::size_t i) { return static_cast<double>(data[i]); }, n) / count;
    const double variance = numpy_sum<double>(
                                [&](std::size_t i) {
                                    const double d = static_cast<double>(data[i]) - mean;
                                    return d * d;
                                },
                                n) /
                            count;
    double deviation = std::sqrt(variance);
    double shown_mean = mean;
    if (std::fabs(deviation) < 0.001) deviation = 0.0;
    if (std::fabs(shown_mean) < 0.001) shown_mean = 0.0;
    const auto text = [](double v) {
        if (std::isnan(v)) return std::string("nan");
        if (std::isinf(v)) return std::string(v > 0 ? "inf" : "-inf");
        return fmt::format("{:.3f}", v);
    };
    return "(" + text(shown_mean) + ";" + text(deviation) + ")";
}

}  // namespace

const std::array<std::string, kAlgorithmCount>& algorithm_names() {
    static const std::array<std::string, kAlgorithmCount> names = {
        "CosineSimilarity",       "MaxAbsoluteError",  "AccumulatedRelativeError", "RelativeEuclideanDistance",
        "KullbackLeiblerDivergence", "StandardDeviation", "MeanAbsoluteError",      "RootMeanSquareError",
        "MaxRelativeError",       "MeanRelativeError"};
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

VectorMetrics compare_vectors(const VectorPair& p) {
    VectorMetrics out;
    const std::size_t n = p.mine.size();
    const auto abs_diff = [&](std::size_t i) { return std::fabs(p.mine[i] - p.golden[i]); };
    const auto relative = [&](std::size_t i) { return relative_error(p.mine[i], p.golden[i]); };
    const auto square_diff = [&](std::size_t i) {
        const float d = p.mine[i] - p.golden[i];
        return d * d;
    };

    cosine(p, out);
    if (n == 0) {
        out.cells[MaxAbsolute] = kNan;
        out.messages.push_back(failed(MaxAbsolute, kEmptyMaximum));
    } else {
        out.cells[MaxAbsolute] = six_decimals(numpy_max(abs_diff, n));
    }
    out.cells[AccumulatedRelative] = six_decimals(numpy_sum<float>(relative, n));
    relative_euclidean(p, out);
    kullback_leibler(p, out);
    out.cells[StandardDeviation] = mean_and_deviation(p.mine) + "," + mean_and_deviation(p.golden);
    out.cells[MeanAbsolute] = six_decimals(numpy_mean(abs_diff, n));
    out.cells[RootMeanSquare] = six_decimals(std::sqrt(numpy_mean(square_diff, n)));
    if (n == 0) {
        out.cells[MaxRelative] = kNan;
        out.messages.push_back(failed(MaxRelative, kEmptyMaximum));
    } else {
        out.cells[MaxRelative] = six_decimals(numpy_max(relative, n));
    }
    out.cells[MeanRelative] = six_decimals(numpy_mean(relative, n));
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
            const double mine_norm = std::sqrt(numpy_sum<double>([&](std::size_t i) { return mine[i] ? 1.0 : 0.0; }, n));
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
                    [&](std::size_t i) { return ((mine[i] ? 1.0 : 0.0) / mine_norm) * ((golden[i] ? 1.0 : 0.0) / golden_norm); },
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
