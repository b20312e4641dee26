#include "checkpoint_compare/weight_similarity.hpp"

#include <cmath>

namespace msprobe::checkpoint_compare {

namespace {

// np.linalg.norm of a float32 array: sqrt of its float32 dot with itself.
float norm(const std::vector<float>& values) {
    double sum = 0.0;
    for (const float value : values) sum += static_cast<double>(value) * value;
    return std::sqrt(static_cast<float>(sum));
}

}  // namespace

WeightSimilarity weight_similarity(const Weight& a, const Weight& b) {
    WeightSimilarity similarity;
    similarity.numel_a = static_cast<std::int64_t>(a.values.size());
    similarity.numel_b = static_cast<std::int64_t>(b.values.size());
    similarity.shape_a = a.shape;
    similarity.shape_b = b.shape;
    if (a.shape != b.shape) return similarity;

    double difference = 0.0;
    double dot = 0.0;
    for (std::size_t i = 0; i < a.values.size(); ++i) {
        const float d = a.values[i] - b.values[i];  // a - b is a float32 array
        difference += static_cast<double>(d) * d;
        dot += static_cast<double>(a.values[i]) * b.values[i];
    }
    similarity.l2 = std::sqrt(static_cast<float>(difference));

    const float a_norm = norm(a.values);
    const float b_norm = norm(b.values);
    if (a_norm == 0.0f && b_norm == 0.0f) {
        similarity.cos = 1.0f;
    } else if (a_norm != 0.0f && b_norm != 0.0f) {
        const float product = a_norm * b_norm;
        similarity.cos = static_cast<float>(dot) / product;
    }
    return similarity;
}

}  // namespace msprobe::checkpoint_compare
