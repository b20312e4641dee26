#include "kernel_dump_compare/vector_passes.hpp"

#include <bit>
#include <cmath>
#include <cstring>

#include "metrics/kernel_isa.hpp"
#include "metrics/kernel_selection.hpp"

namespace msprobe::kernel_dump_compare {

namespace passes_baseline {
const VectorPasses& passes();
}
#if defined(MSPROBE_METRICS_X86)
namespace passes_avx2 {
const VectorPasses& passes();
}
#endif
#if defined(MSPROBE_METRICS_WITH_AVX512)
namespace passes_avx512 {
const VectorPasses& passes();
}
#endif

namespace {

#if defined(MSPROBE_METRICS_X86)
bool same_bits(float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); }
bool same_bits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

// The self-check: a wider set's passes give the baseline's bits on values that reach every path (block
// edges, zero golden values, a NaN).
bool agrees_with_baseline(const VectorPasses& wide) {
    const VectorPasses& base = passes_baseline::passes();
    constexpr std::size_t n = 9000;
    std::vector<float> x(n), y(n);
    for (std::size_t i = 0; i < n; ++i) {
        y[i] = static_cast<float>((static_cast<int>(i * 7919 % 2003) - 1001)) / 97.0F;
        x[i] = y[i] * (1.0F + static_cast<float>(static_cast<int>(i % 13) - 6) * 1e-3F);
        if (i % 17 == 0) y[i] = 0;
    }
    const KlScaling p{-10.3F, 20.6F}, q{-10.3F, 20.6F};
    for (const std::size_t count : {n, std::size_t{131}}) {
        const auto a = base.first(x.data(), y.data(), count), b = wide.first(x.data(), y.data(), count);
        for (std::size_t k = 0; k < 5; ++k) {
            if (!same_bits(a.sums[k], b.sums[k])) return false;
        }
        if (!same_bits(a.max_rel, b.max_rel) || !same_bits(a.min_y, b.min_y)) return false;
        const auto s = base.second(x.data(), y.data(), count, 3.0F, 4.0F, p, q);
        const auto t = wide.second(x.data(), y.data(), count, 3.0F, 4.0F, p, q);
        for (std::size_t k = 0; k < 3; ++k) {
            if (!same_bits(s[k], t[k])) return false;
        }
        if (!same_bits(base.kl(x.data(), y.data(), count, p, q, s[1], s[2]),
                       wide.kl(x.data(), y.data(), count, p, q, s[1], s[2]))) {
            return false;
        }
        const auto d = base.deviations(x.data(), y.data(), count, 0.5, -0.5);
        const auto e = wide.deviations(x.data(), y.data(), count, 0.5, -0.5);
        if (!same_bits(d[0], e[0]) || !same_bits(d[1], e[1])) return false;
    }
    x[5] = NAN;
    return std::isnan(wide.first(x.data(), y.data(), n).max_abs);
}
#endif

const VectorPasses* widest_allowed() {
    switch (metrics::selected_kernel_isa()) {
#if defined(MSPROBE_METRICS_WITH_AVX512)
        case metrics::KernelIsa::Avx512:
            if (agrees_with_baseline(passes_avx512::passes())) return &passes_avx512::passes();
            [[fallthrough]];
#endif
#if defined(MSPROBE_METRICS_X86)
        case metrics::KernelIsa::Avx2:
            if (metrics::kernel_isa_available(metrics::KernelIsa::Avx2) &&
                agrees_with_baseline(passes_avx2::passes())) {
                return &passes_avx2::passes();
            }
            break;
#endif
        default: break;
    }
    return &passes_baseline::passes();
}

}  // namespace

const VectorPasses& vector_passes() {
    static const VectorPasses* chosen = widest_allowed();
    return *chosen;
}

std::vector<NamedPasses> compiled_vector_passes() {
    std::vector<NamedPasses> all = {{"baseline", &passes_baseline::passes()}};
#if defined(MSPROBE_METRICS_X86)
    if (metrics::kernel_isa_available(metrics::KernelIsa::Avx2)) all.push_back({"avx2", &passes_avx2::passes()});
#endif
#if defined(MSPROBE_METRICS_WITH_AVX512)
    if (metrics::kernel_isa_available(metrics::KernelIsa::Avx512)) all.push_back({"avx512", &passes_avx512::passes()});
#endif
    return all;
}

}  // namespace msprobe::kernel_dump_compare
