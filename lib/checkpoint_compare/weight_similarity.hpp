#pragma once
// msprobe's four measures of one weight in two checkpoints (ckpt_compare/metrics.py):
// l2 = ||a - b||, cos = a.b / (||a|| ||b||), numel and shape. NumPy computes
// them on float32 arrays and holds every intermediate scalar in float32; the
// sums here are taken in double and rounded to float32 where NumPy's are
// float32, so a value is NumPy's up to the order in which its BLAS adds.
#include <cstdint>
#include <optional>
#include <vector>

#include "checkpoint_compare/megatron_checkpoint.hpp"

namespace msprobe::checkpoint_compare {

struct WeightSimilarity {
    std::optional<float> l2;   // none when the shapes differ
    std::optional<float> cos;  // 1 when both are all zero; none when the shapes differ or one is all zero
    std::int64_t numel_a = 0;
    std::int64_t numel_b = 0;
    std::vector<std::int64_t> shape_a;
    std::vector<std::int64_t> shape_b;
};

WeightSimilarity weight_similarity(const Weight& a, const Weight& b);

}  // namespace msprobe::checkpoint_compare
