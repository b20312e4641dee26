// msprobe's seven torchair metrics (infer/utils/cmp_algorithm.py), the
// expected values worked out from each function's formula.
#include "torchair_compare/torchair_metrics.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

using namespace msprobe::torchair_compare;

namespace {

// F.kl_div(log_softmax(my), softmax(golden), reduction="sum") in float64.
double kl_reference(const std::vector<double>& golden, const std::vector<double>& my) {
    double golden_max = golden[0], my_max = my[0];
    for (double g : golden) golden_max = std::max(golden_max, g);
    for (double m : my) my_max = std::max(my_max, m);
    double golden_sum = 0, my_sum = 0;
    for (double g : golden) golden_sum += std::exp(g - golden_max);
    for (double m : my) my_sum += std::exp(m - my_max);
    double kl = 0;
    for (std::size_t i = 0; i < golden.size(); ++i) {
        const double p = std::exp(golden[i] - golden_max) / golden_sum;
        const double log_q = my[i] - my_max - std::log(my_sum);
        kl += p * (std::log(p) - log_q);
    }
    return kl;
}

}  // namespace

TEST_CASE("metrics: names in CMP_ALG_MAP's order", "[torchair_compare][torchair_metrics]") {
    CHECK(kMetricNames[0] == "cosine_similarity");
    CHECK(kMetricNames[5] == "kl_divergence");
    CHECK(kMetricNames[6] == "relative_euclidean_distance");
}

TEST_CASE("metrics: golden [1, 2, 4] against [1, 2.5, 3]", "[torchair_compare][torchair_metrics]") {
    const std::vector<float> golden{1, 2, 4};
    const std::vector<float> my{1, 2.5f, 3};
    const TorchairMetrics m = torchair_metrics(golden, my);
    // cosine_similarity: 18 / sqrt(21 * 16.25) rounded to 10 decimals.
    CHECK(m.values[0] == 0.9743975315);
    // max_relative_error: |my / golden - 1| = 0, 0.25, 0.25.
    CHECK(m.values[1] == 0.25);
    // mean_relative_error: float32(0.5) / 3 = 0.16666667163372040.
    CHECK(m.values[2] == static_cast<double>(0.5f / 3.0f));
    // max_absolute_error: |my - golden| = 0, 0.5, 1; mean 1.5 / 3.
    CHECK(m.values[3] == 1.0);
    CHECK(m.values[4] == 0.5);
    // kl_divergence: float32 arithmetic against the float64 formula.
    CHECK(m.values[5] == Approx(kl_reference({1, 2, 4}, {1, 2.5, 3})).epsilon(1e-5));
    CHECK(m.values[5] == Approx(0.17180803487474713).epsilon(1e-5));
    CHECK_FALSE(m.kl_divergence_is_int);
    // relative_euclidean_distance: sqrt(1.25 / 21) in float32.
    CHECK(m.values[6] == static_cast<double>(std::sqrt(1.25f / 21.0f)));
}

TEST_CASE("metrics: both all zero", "[torchair_compare][torchair_metrics]") {
    const std::vector<float> zeros{0, 0, -0.0f};
    const TorchairMetrics m = torchair_metrics(zeros, zeros);
    CHECK(m.values[0] == 1.0);  // both all 0: similarity 1
    CHECK(m.values[1] == 0.0);
    CHECK(m.values[3] == 0.0);
    CHECK(std::fabs(m.values[5]) < 1e-6);  // uniform against uniform
    CHECK(m.values[6] == 0.0);             // sqrt(sum(golden^2)) <= eps
}

TEST_CASE("metrics: one side all zero gives cosine 0", "[torchair_compare][torchair_metrics]") {
    // The zero vector's norm is clamped to 1e-8: x / 1e-8 is still 0, so is every product.
    const TorchairMetrics m = torchair_metrics(std::vector<float>{0, 0}, std::vector<float>{1, 2});
    CHECK(m.values[0] == 0.0);
    CHECK(m.values[6] == 0.0);
}

TEST_CASE("metrics: golden elements within eps of 0 count as 0 for both error kinds",
          "[torchair_compare][torchair_metrics]") {
    // |1e-8| <= eps: that element contributes 0 to the relative and the absolute errors alike.
    const TorchairMetrics m = torchair_metrics(std::vector<float>{1e-8f, 2}, std::vector<float>{5, 3});
    CHECK(m.values[1] == 0.5);   // only 3 / 2 - 1
    CHECK(m.values[2] == 0.25);  // (0 + 0.5) / 2
    CHECK(m.values[3] == 1.0);   // only |3 - 2|
    CHECK(m.values[4] == 0.5);
}

TEST_CASE("metrics: kl_divergence of a golden [0, 0] against [1, 0]", "[torchair_compare][torchair_metrics]") {
    // p = (0.5, 0.5); log q = (-log(1 + e^-1), -1 - log(1 + e^-1)); the sum is 0.1201145069…
    const TorchairMetrics m = torchair_metrics(std::vector<float>{0, 0}, std::vector<float>{1, 0});
    CHECK(m.values[5] == Approx(0.12011450695827755).epsilon(1e-6));
    // cosine: (0, 0) against (1, 0) is 0 (the golden norm clamped).
    CHECK(m.values[0] == 0.0);
}

TEST_CASE("metrics: identical vectors", "[torchair_compare][torchair_metrics]") {
    const std::vector<float> v{0.5f, -1.25f, 3, 7.75f};
    const TorchairMetrics m = torchair_metrics(v, v);
    CHECK(m.values[0] == 1.0);
    CHECK(m.values[1] == 0.0);
    CHECK(m.values[2] == 0.0);
    CHECK(m.values[4] == 0.0);
    CHECK(m.values[6] == 0.0);
    // Whatever sign the rounding of log(softmax) against log_softmax leaves, it is tiny; a negative sum is
    // Python's int 0.
    CHECK(std::fabs(m.values[5]) < 1e-6);
    if (m.kl_divergence_is_int) CHECK(m.values[5] == 0.0);
}

TEST_CASE("metrics: a ratio past float32's range is inf", "[torchair_compare][torchair_metrics]") {
    const TorchairMetrics m = torchair_metrics(std::vector<float>{1e-6f, 1}, std::vector<float>{1e38f, 1});
    CHECK(std::isinf(m.values[1]));
    CHECK(std::isinf(m.values[2]));
}
