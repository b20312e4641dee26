#include "torchair_compare/torchair_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

#include "common/python_text.hpp"

namespace msprobe::torchair_compare {

namespace {

// torch.finfo(torch.float).eps
constexpr float kEpsilon = std::numeric_limits<float>::epsilon();
// torch.cosine_similarity's default eps, the least norm it divides by.
constexpr double kCosineEpsilon = 1e-8;

// The float32 sum of term(i) for every i: accumulated in float64, rounded once.
template <class Term>
float float_sum(std::size_t count, Term&& term) {
    double sum = 0;
    for (std::size_t i = 0; i < count; ++i) sum += static_cast<double>(term(i));
    return static_cast<float>(sum);
}

double cosine_similarity(std::span<const float> golden, std::span<const float> my) {
    const auto zero = [](float v) { return v == 0.0f; };
    if (std::all_of(golden.begin(), golden.end(), zero) && std::all_of(my.begin(), my.end(), zero)) return 1.0;
    double golden_squares = 0;
    double my_squares = 0;
    for (std::size_t i = 0; i < golden.size(); ++i) {
        golden_squares += static_cast<double>(golden[i]) * golden[i];
        my_squares += static_cast<double>(my[i]) * my[i];
    }
    const double golden_norm = std::max(std::sqrt(golden_squares), kCosineEpsilon);
    const double my_norm = std::max(std::sqrt(my_squares), kCosineEpsilon);
    double sum = 0;
    for (std::size_t i = 0; i < golden.size(); ++i) sum += (golden[i] / golden_norm) * (my[i] / my_norm);
    return py::round_digits(sum, 10);
}

// F.kl_div(F.log_softmax(my), F.softmax(golden), reduction="sum"): sum of xlogy(p, p) - p * log_q.
float kl_divergence(std::span<const float> golden, std::span<const float> my) {
    const float golden_max = *std::max_element(golden.begin(), golden.end());
    const float golden_exp_sum =
        float_sum(golden.size(), [&](std::size_t i) { return std::exp(golden[i] - golden_max); });
    const float reciprocal = 1.0f / golden_exp_sum;
    const float my_max = *std::max_element(my.begin(), my.end());
    const float log_my_sum = std::log(float_sum(my.size(), [&](std::size_t i) { return std::exp(my[i] - my_max); }));
    return float_sum(golden.size(), [&](std::size_t i) {
        const float p = std::exp(golden[i] - golden_max) * reciprocal;
        const float log_q = (my[i] - my_max) - log_my_sum;
        const float p_log_p = p == 0.0f ? 0.0f : p * std::log(p);
        const float p_log_q = p * log_q;
        return p_log_p - p_log_q;
    });
}

}  // namespace

TorchairMetrics torchair_metrics(std::span<const float> golden, std::span<const float> my) {
    const std::size_t n = golden.size();
    const auto counted = [&](std::size_t i) { return std::fabs(golden[i]) > kEpsilon; };
    const auto relative = [&](std::size_t i) {
        if (!counted(i)) return 0.0f;
        const float ratio = my[i] / golden[i];
        return std::fabs(ratio - 1.0f);
    };
    const auto absolute = [&](std::size_t i) { return counted(i) ? std::fabs(my[i] - golden[i]) : 0.0f; };
    float max_relative = 0.0f;
    float max_absolute = 0.0f;
    for (std::size_t i = 0; i < n; ++i) {
        max_relative = std::max(max_relative, relative(i));
        max_absolute = std::max(max_absolute, absolute(i));
    }
    const auto count = static_cast<float>(n);
    TorchairMetrics result;
    result.values[0] = cosine_similarity(golden, my);
    result.values[1] = max_relative;
    result.values[2] = float_sum(n, relative) / count;
    result.values[3] = max_absolute;
    result.values[4] = float_sum(n, absolute) / count;
    const float kl = kl_divergence(golden, my);
    result.kl_divergence_is_int = kl < 0.0f;  // Python's max(result, 0) hands back the int
    result.values[5] = result.kl_divergence_is_int ? 0.0 : kl;
    const float golden_squares = float_sum(n, [&](std::size_t i) { return golden[i] * golden[i]; });
    if (std::sqrt(golden_squares) <= kEpsilon) {
        result.values[6] = 0.0;
    } else {
        const float diff_squares = float_sum(n, [&](std::size_t i) {
            const float diff = my[i] - golden[i];
            return diff * diff;
        });
        result.values[6] = std::sqrt(diff_squares / golden_squares);
    }
    return result;
}

}  // namespace msprobe::torchair_compare
