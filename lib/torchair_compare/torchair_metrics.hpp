#pragma once
// msprobe's seven torchair metrics (infer/utils/cmp_algorithm.py, CMP_ALG_MAP
// in this order), computed as torch computes them on the two float32 vectors:
//   cosine_similarity            both all zero: 1.0; else torch.cosine_similarity in float64 (each vector
//                                divided by its norm clamped to 1e-8, products summed), round(., 10)
//   max_relative_error           max of |my / golden - 1| where |golden| > eps, else 0 (float32)
//   mean_relative_error          their mean
//   max_absolute_error           max of |my - golden| where |golden| > eps, else 0
//   mean_absolute_error          their mean
//   kl_divergence                F.kl_div(log_softmax(my), softmax(golden), reduction="sum"), then
//                                Python's max(result, 0): a negative sum becomes the int 0
//   relative_euclidean_distance  sqrt(sum((my - golden)^2) / sum(golden^2)); 0.0 when sqrt(sum(golden^2)) <= eps
// eps is float32's machine epsilon (torch.finfo(torch.float).eps). Element
// operations round to float32 one by one; sums are accumulated in float64
// and rounded to float32 once (torch's own order depends on the CPU's vector
// width; see docs/compatibility.md row 218).
#include <array>
#include <span>
#include <string_view>

namespace msprobe::torchair_compare {

inline constexpr std::array<std::string_view, 7> kMetricNames = {
    "cosine_similarity",   "max_relative_error", "mean_relative_error",        "max_absolute_error",
    "mean_absolute_error", "kl_divergence",      "relative_euclidean_distance"};

struct TorchairMetrics {
    std::array<double, 7> values{};     // in kMetricNames' order, as the Python floats msprobe gets
    bool kl_divergence_is_int = false;  // max(result, 0) returned the int 0
};

// Both vectors non-empty, of one length, finite (msprobe's check_tensor passed).
TorchairMetrics torchair_metrics(std::span<const float> golden, std::span<const float> my);

}  // namespace msprobe::torchair_compare
