#pragma once
// What msaccucmp's algorithms compare against and how they word their cells:
// shared by the fused kernel (vector_metrics.cpp) and its plain reference.
#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <string>

#include "kernel_dump_compare/vector_metrics.hpp"

namespace msprobe::kernel_dump_compare::metric_texts {

// ConstManager.FLOAT_EPSILON (np.finfo(float).eps), as NumPy compares it with float32 values.
inline constexpr float kEpsilon = static_cast<float>(std::numeric_limits<double>::epsilon());
inline constexpr double kEpsilonDouble = std::numeric_limits<double>::epsilon();
// alg_KullbackLeiblerDivergence.FLOAT_EPSILON: np.finfo(np.float32).eps.
inline constexpr float kFloat32Epsilon = std::numeric_limits<float>::epsilon();
inline constexpr const char* kNan = "NaN";
inline const std::string kEmptyMaximum = "zero-size array to reduction operation maximum which has no identity";

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

// AlgorithmManager._call_compare_function's message for an algorithm that raised.
inline std::string failed(Algorithm algorithm, const std::string& reason) {
    return fmt::format("Failed to execute 'compare' in '{}'. {}", algorithm_names()[algorithm], reason);
}

inline std::string zero_data(const std::string& file) {
    return "Cannot compare by Cosine Similarity. All the data is zero in " + file + ".";
}

// alg_StandardDeviation: "(mean;std)", values under 0.001 shown as 0.
inline std::string mean_deviation_text(double mean, double deviation) {
    if (std::fabs(deviation) < 0.001) deviation = 0.0;
    if (std::fabs(mean) < 0.001) mean = 0.0;
    const auto text = [](double v) {
        if (std::isnan(v)) return std::string("nan");
        if (std::isinf(v)) return std::string(v > 0 ? "inf" : "-inf");
        return fmt::format("{:.3f}", v);
    };
    return "(" + text(mean) + ";" + text(deviation) + ")";
}

// |x/y - 1| where |y| > eps, else 0: the three relative-error algorithms' term.
inline float relative_error(float x, float y) { return std::fabs(y) > kEpsilon ? std::fabs(x / y - 1.0F) : 0.0F; }

}  // namespace msprobe::kernel_dump_compare::metric_texts
