#include "kernel_dump_compare/vector_passes.hpp"

#include <catch2/catch.hpp>

#include <bit>
#include <cmath>

#include "support/deterministic_random.hpp"

using namespace msprobe;
using namespace msprobe::kernel_dump_compare;

namespace {

std::uint32_t bits(float v) { return std::bit_cast<std::uint32_t>(v); }
std::uint64_t bits(double v) { return std::bit_cast<std::uint64_t>(v); }

}  // namespace

// Every instruction set this machine runs gives the baseline's bits, pass by pass.
TEST_CASE("vector passes: every compiled instruction set equals the baseline", "[kernel_dump_compare]") {
    const auto all = compiled_vector_passes();
    REQUIRE(std::string(all.front().name) == "baseline");
    auto random = testing::DeterministicRandom(5);
    for (const std::size_t n : {1, 8, 9, 130, 8192, 8200, 50000}) {
        std::vector<float> x(n), y(n);
        for (std::size_t i = 0; i < n; ++i) {
            y[i] = i % 11 == 0 ? 0.0F : static_cast<float>(random.normal());
            x[i] = static_cast<float>(y[i] + 1e-2 * random.normal());
        }
        const KlScaling p{-4, 8}, q{-4.5F, 9};
        const VectorPasses& base = *all.front().passes;
        const auto first = base.first(x.data(), y.data(), n);
        const auto second = base.second(x.data(), y.data(), n, 2, 3, p, q);
        const float kl = base.kl(x.data(), y.data(), n, p, q, second[1], second[2]);
        const auto means = base.double_sums(x.data(), y.data(), n);
        const auto deviations = base.deviations(x.data(), y.data(), n, 0.25, -0.25);
        for (const auto& set : all) {
            INFO(set.name << " n " << n);
            const auto f = set.passes->first(x.data(), y.data(), n);
            for (std::size_t k = 0; k < 5; ++k) CHECK(bits(f.sums[k]) == bits(first.sums[k]));
            CHECK(bits(f.max_abs) == bits(first.max_abs));
            CHECK(bits(f.max_rel) == bits(first.max_rel));
            CHECK(bits(f.min_x) == bits(first.min_x));
            CHECK(bits(f.max_y) == bits(first.max_y));
            const auto s = set.passes->second(x.data(), y.data(), n, 2, 3, p, q);
            for (std::size_t k = 0; k < 3; ++k) CHECK(bits(s[k]) == bits(second[k]));
            CHECK(bits(set.passes->kl(x.data(), y.data(), n, p, q, second[1], second[2])) == bits(kl));
            const auto m = set.passes->double_sums(x.data(), y.data(), n);
            CHECK(bits(m[0]) == bits(means[0]));
            const auto d = set.passes->deviations(x.data(), y.data(), n, 0.25, -0.25);
            CHECK(bits(d[1]) == bits(deviations[1]));
        }
    }
}
