#include "kernel_dump_compare/vector_metrics_reference.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "support/deterministic_random.hpp"

using namespace msprobe;
using namespace msprobe::kernel_dump_compare;

// The fused kernel (three passes) and the plain reference (one NumPy operation after another) give the same
// cells, for sizes on both sides of the summation's block edges (8, 128) and the float64 buffer (8192).
TEST_CASE("vector metrics: the fused kernel equals the plain reference", "[kernel_dump_compare]") {
    auto random = testing::DeterministicRandom(11);
    for (const std::size_t n : {0, 1, 7, 8, 9, 127, 128, 129, 1000, 8191, 8192, 8193, 40000}) {
        for (int variant = 0; variant < 4; ++variant) {
            std::vector<float> x(n), y(n);
            for (std::size_t i = 0; i < n; ++i) {
                y[i] = static_cast<float>(random.normal() * 3);
                x[i] = static_cast<float>(y[i] * (1 + 1e-3 * random.normal()));
                if (variant == 1 && i % 5 == 0) y[i] = 0;  // golden zeros: the relative errors' guard
                if (variant == 2 && i == n / 2) x[i] = std::numeric_limits<float>::quiet_NaN();
                if (variant == 3) x[i] = 0;  // an all-zero side
            }
            const VectorPair pair{x, y, false, "mine", "golden"};
            const VectorMetrics fused = compare_vectors(pair);
            const VectorMetrics plain = compare_vectors_reference(pair);
            INFO("n " << n << " variant " << variant);
            CHECK(fused.cells == plain.cells);
            CHECK(fused.messages == plain.messages);
        }
    }
}
