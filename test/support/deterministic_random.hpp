#pragma once
// Random numbers that depend only on the seed: std::mt19937_64 is fully
// specified, the std::*_distribution classes are not, so the transforms to
// uniform and normal values are our own (normal() also relies on the
// platform's log/sin/cos, which glibc rounds correctly).
#include <cmath>
#include <cstdint>
#include <random>

namespace msprobe::testing {

class DeterministicRandom {
public:
    explicit DeterministicRandom(std::uint64_t seed) : engine_(seed) {}

    // Seeds an independent stream from several numbers (seed, rank, purpose ...).
    template <typename... Parts>
    static DeterministicRandom keyed(std::uint64_t seed, Parts... parts) {
        std::uint64_t key = mix(seed);
        ((key = mix(key ^ static_cast<std::uint64_t>(parts))), ...);
        return DeterministicRandom(key);
    }

    // Uniform in [0, 1) with 53 random bits.
    double uniform() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }

    double uniform(double low, double high) { return low + (high - low) * uniform(); }

    // Standard normal by the Box-Muller transform; the second value of each
    // pair is kept for the next call.
    double normal() {
        if (has_spare_) {
            has_spare_ = false;
            return spare_;
        }
        const double u1 = 1.0 - uniform();  // in (0, 1]: log stays finite
        const double u2 = uniform();
        const double radius = std::sqrt(-2.0 * std::log(u1));
        constexpr double kTwoPi = 6.283185307179586;
        spare_ = radius * std::sin(kTwoPi * u2);
        has_spare_ = true;
        return radius * std::cos(kTwoPi * u2);
    }

private:
    // SplitMix64 finaliser: spreads nearby keys over the whole seed space.
    static std::uint64_t mix(std::uint64_t x) {
        x += 0x9e3779b97f4a7c15ULL;
        x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
        x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
        return x ^ (x >> 31);
    }

    std::mt19937_64 engine_;
    double spare_ = 0.0;
    bool has_spare_ = false;
};

}  // namespace msprobe::testing
