// The per-instruction-set operations the SIMD kernels add to xsimd, held to
// their scalar definitions: float16 and bfloat16 lanes load exactly (every one
// of the 65536 patterns), float32 lanes round to the nearest float16 like
// half_float.hpp (ties to even, overflow to inf, NaN kept), widening is exact,
// and division is IEEE's. This translation unit is compiled for the baseline
// set (SSE2 on x86-64, NEON on aarch64); the AVX2 and AVX-512 specialisations
// exist only in their kernels' units and are held to the scalar reference
// through the kernels (simd_kernel_test, kernel_equivalence_test).
#include "metrics/simd_arch_traits.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "metrics/half_float.hpp"

namespace {

#if defined(__SSE2__) && (defined(__x86_64__) || defined(__i386__))
using BaselineArch = xsimd::sse2;
constexpr bool kFusedMultiplyAdd = false;
#elif defined(__aarch64__)
using BaselineArch = xsimd::neon64;
constexpr bool kFusedMultiplyAdd = true;
#endif

#if defined(__SSE2__) || defined(__aarch64__)
using Traits = msprobe::metrics::simd::ArchTraits<BaselineArch>;
using Floats = Traits::Floats;
using Doubles = Traits::Doubles;
constexpr std::size_t kLanes = Floats::size;

std::array<float, kLanes> lanes_of(Floats batch) {
    std::array<float, kLanes> out{};
    batch.store_unaligned(out.data());
    return out;
}

std::array<double, Doubles::size> lanes_of(Doubles batch) {
    std::array<double, Doubles::size> out{};
    batch.store_unaligned(out.data());
    return out;
}

// The same float, or both NaN.
bool same_float(float a, float b) {
    return (std::isnan(a) && std::isnan(b)) || std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}
#endif

}  // namespace

#if defined(__SSE2__) || defined(__aarch64__)

TEST_CASE("simd arch traits: float16 and bfloat16 lanes load exactly", "[metrics][simd_arch_traits]") {
    std::vector<std::uint16_t> patterns(0x10000 + kLanes);
    for (std::size_t i = 0; i < patterns.size(); ++i) patterns[i] = static_cast<std::uint16_t>(i);
    for (std::size_t start = 0; start < 0x10000; start += kLanes) {
        const auto halves = lanes_of(Traits::load_half(patterns.data() + start));
        const auto bfloats = lanes_of(Traits::load_bfloat16(patterns.data() + start));
        for (std::size_t lane = 0; lane < kLanes; ++lane) {
            const auto bits = patterns[start + lane];
            INFO("pattern " << bits);
            CHECK(same_float(halves[lane], msprobe::metrics::half_to_float(bits)));
            CHECK(std::bit_cast<std::uint32_t>(bfloats[lane]) == std::uint32_t{bits} << 16);  // bfloat16's definition
        }
    }
}

TEST_CASE("simd arch traits: float32 lanes round to the nearest float16", "[metrics][simd_arch_traits]") {
    constexpr float kInf = std::numeric_limits<float>::infinity();
    constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
    constexpr float kMax = std::numeric_limits<float>::max();
    constexpr float kTiniest = std::numeric_limits<float>::denorm_min();
    // Ties, the largest float16 and its rounding boundary, float16's subnormals and the specials.
    std::vector<float> values = {0.0F,         -0.0F, 1.0F,     1.0009766F, 65504.0F, 65519.99F, 65520.0F,
                                 1e6F,         -1e6F, 0x1p-24F, 0x1p-25F,   0x3p-26F, 0x1p-26F,  0x1p-14F,
                                 0x1.ffcp-15F, kInf,  -kInf,    kNan,       kMax,     kTiniest};
    for (std::uint64_t bits = 0; bits <= 0xFFFFFFFFULL; bits += 4099) {  // a sweep over every exponent and sign
        values.push_back(std::bit_cast<float>(static_cast<std::uint32_t>(bits)));
    }
    while (values.size() % kLanes != 0) values.push_back(1.0F);
    for (std::size_t start = 0; start < values.size(); start += kLanes) {
        const auto rounded = lanes_of(Traits::round_to_half(Floats::load_unaligned(values.data() + start)));
        for (std::size_t lane = 0; lane < kLanes; ++lane) {
            const float value = values[start + lane];
            INFO("value " << value << " bits " << std::bit_cast<std::uint32_t>(value));
            CHECK(same_float(rounded[lane], msprobe::metrics::round_to_half(value)));
        }
    }
}

TEST_CASE("simd arch traits: widening, multiply-add and division", "[metrics][simd_arch_traits]") {
    std::array<float, kLanes> floats{};
    const float samples[] = {1.5F, -2.25F, std::numeric_limits<float>::denorm_min(),
                             std::numeric_limits<float>::infinity()};
    for (std::size_t lane = 0; lane < kLanes; ++lane) floats[lane] = samples[lane % 4] * static_cast<float>(lane + 1);
    const auto batch = Floats::load_unaligned(floats.data());
    const auto low = lanes_of(Traits::widen_low(batch));
    const auto high = lanes_of(Traits::widen_high(batch));
    for (std::size_t lane = 0; lane < Doubles::size; ++lane) {
        CHECK(low[lane] == static_cast<double>(floats[lane]));
        CHECK(high[lane] == static_cast<double>(floats[lane + Doubles::size]));
    }

    // (1 + 2^-30)^2 - 1 = 2^-29 + 2^-60: a fused multiply-add keeps 2^-60, two roundings lose it.
    const double a = 1 + std::ldexp(1.0, -30);
    const auto fused = lanes_of(Traits::multiply_add(Doubles(a), Doubles(a), Doubles(-1.0)));
    const double expected = kFusedMultiplyAdd ? std::ldexp(1.0, -29) + std::ldexp(1.0, -60) : std::ldexp(1.0, -29);
    for (const double lane : fused) CHECK(lane == expected);

    const auto thirds = lanes_of(Traits::divide(Floats(1.0F), Floats(3.0F)));
    for (const float lane : thirds) CHECK(lane == 1.0F / 3.0F);  // correctly rounded
    const auto two_thirds = lanes_of(Traits::divide(Doubles(2.0), Doubles(3.0)));
    for (const double lane : two_thirds) CHECK(lane == 2.0 / 3.0);
}

#else

TEST_CASE("simd arch traits: no baseline instruction set on this machine", "[metrics][simd_arch_traits]") {
    WARN("SKIPPED: neither SSE2 nor NEON is the baseline here; ArchTraits has no specialisation to test");
}

#endif
