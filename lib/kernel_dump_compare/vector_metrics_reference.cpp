#include "kernel_dump_compare/vector_metrics_reference.hpp"

#include "kernel_dump_compare/vector_metrics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "kernel_dump_compare/metric_texts.hpp"
#include "kernel_dump_compare/numpy_sum.hpp"

namespace msprobe::kernel_dump_compare {

namespace {

using namespace metric_texts;

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

void cosine(const VectorPair& p, VectorMetrics& out) {
    if (p.scalar) {
        out.cells[Cosine] = six_decimals(1);
        out.messages.emplace_back("This tensor is scalar.");
        return;
    }
    const std::size_t n = p.mine.size();
    const float mine_norm = std::sqrt(numpy_sum<float>([&](std::size_t i) { return p.mine[i] * p.mine[i]; }, n));
    const float golden_norm = std::sqrt(numpy_sum<float>([&](std::size_t i) { return p.golden[i] * p.golden[i]; }, n));
    if (mine_norm <= kEpsilon && golden_norm < kEpsilon) {
        out.cells[Cosine] = "1.0";
        return;
    }
    if (std::sqrt(mine_norm) <= kEpsilon) {
        out.cells[Cosine] = kNan;
        out.messages.push_back(zero_data(p.my_file));
        return;
    }
    if (std::sqrt(golden_norm) <= kEpsilon) {
        out.cells[Cosine] = kNan;
        out.messages.push_back(zero_data(p.golden_file));
        return;
    }
    const float result =
        numpy_sum<float>([&](std::size_t i) { return (p.mine[i] / mine_norm) * (p.golden[i] / golden_norm); }, n);
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
    const double mean = numpy_sum<double>([&](std::size_t i) { return static_cast<double>(data[i]); }, n) / count;
    const double variance = numpy_sum<double>(
                                [&](std::size_t i) {
                                    const double d = static_cast<double>(data[i]) - mean;
                                    return d * d;
                                },
                                n) /
                            count;
    return mean_deviation_text(mean, std::sqrt(variance));
}

}  // namespace

VectorMetrics compare_vectors_reference(const VectorPair& p) {
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

}  // namespace msprobe::kernel_dump_compare
