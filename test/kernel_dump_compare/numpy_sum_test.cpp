#include "kernel_dump_compare/numpy_sum.hpp"

#include <catch2/catch.hpp>

#include <vector>

using namespace msprobe::kernel_dump_compare;

TEST_CASE("numpy sum: float32 sums in NumPy's pairwise order", "[kernel_dump_compare]") {
    // Pairwise within 8192-element chunks, the chunks added in turn: for 1e8 followed by 19999 ones NumPy 1.24's
    // np.float32 .sum() is 100019980.0, where one pairwise tree over all 20000 would give 100019990.0.
    std::vector<float> big(20000, 1.0F);
    big[0] = 1e8F;
    const auto big_at = [&](std::size_t i) { return big[i]; };
    CHECK(numpy_sum<float>(big_at, big.size()) == 100019980.0F);
    CHECK(0.0F + pairwise_sum<float>(big_at, 0, big.size()) == 100019990.0F);

    // np.arange(20000, dtype=np.float32) * np.float32(0.1): NumPy 1.24's .sum() is 19999000.0; a running sum drifts.
    std::vector<float> x(20000);
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i) * 0.1F;
    const auto at = [&](std::size_t i) { return x[i]; };
    CHECK(numpy_sum<float>(at, x.size()) == 19999000.0F);
    float running = 0;
    for (const float v : x) running += v;
    CHECK(running != 19999000.0F);

    // With a float64 accumulator (np.mean(x, dtype=np.float64)): 999.9500160807293.
    const double mean = numpy_sum<double>([&](std::size_t i) { return static_cast<double>(x[i]); }, x.size()) /
                        static_cast<double>(x.size());
    CHECK(mean == 999.9500160807293);

    // Below eight elements the sum runs left to right; eight accumulators from eight up.
    CHECK(numpy_sum<float>([](std::size_t i) { return i == 0 ? 1e8F : 1.0F; }, 5) == 1e8F);
    CHECK(numpy_sum<float>([](std::size_t) { return 0.5F; }, 0) == 0.0F);
}
