// The block kernels of each instruction set this machine runs: which dtype
// pairs they vectorise (float16/bfloat16/float32 in any combination, float64
// with float64; nothing else), and for each of those, one block of random data
// with zeros, NaN and infinities, at lengths around every vector width, adds
// to a PairPartial exactly what the scalar reference adds, under both epsilon
// rules.
#include "metrics/simd_kernel.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "metrics/kernel_isa.hpp"
#include "metrics/scalar_reference.hpp"
#include "same_partial.hpp"
#include "support/deterministic_random.hpp"
#include "test_tensors.hpp"

using namespace msprobe::metrics;
using namespace msprobe::metrics::testing;

namespace {

using KernelFinder = BlockKernel (*)(DType, DType, RelativeEpsilon);

struct IsaKernels {
    KernelIsa isa;
    KernelFinder find;
};

// The sets built into this binary that this CPU runs.
std::vector<IsaKernels> runnable_sets() {
    std::vector<IsaKernels> sets;
#if defined(MSPROBE_METRICS_X86)
    sets.push_back({KernelIsa::Sse2, block_kernel_sse2});
    sets.push_back({KernelIsa::Avx2, block_kernel_avx2});
#endif
#if defined(MSPROBE_METRICS_WITH_AVX512)
    sets.push_back({KernelIsa::Avx512, block_kernel_avx512});
#endif
#if defined(MSPROBE_METRICS_NEON)
    sets.push_back({KernelIsa::Neon, block_kernel_neon});
#endif
    std::erase_if(sets, [](const IsaKernels& set) { return !kernel_isa_available(set.isa); });
    if (sets.empty()) WARN("SKIPPED: this machine runs no SIMD set; only the scalar reference exists");
    return sets;
}

constexpr DType kAllDtypes[] = {DType::Float16, DType::BFloat16, DType::Float32,   DType::Float64,
                                DType::Int8,    DType::Int16,    DType::Int32,     DType::Int64,
                                DType::UInt8,   DType::Bool,     DType::Complex64, DType::Complex128};
constexpr RelativeEpsilon kRules[] = {RelativeEpsilon::Float64, RelativeEpsilon::OfComputeType};

bool vectorised(DType npu, DType bench) {
    const auto single_or_narrower = [](DType t) {
        return t == DType::Float16 || t == DType::BFloat16 || t == DType::Float32;
    };
    return (single_or_narrower(npu) && single_or_narrower(bench)) || (npu == DType::Float64 && bench == DType::Float64);
}

// Values of one side: mostly near the other side, with zeros (where the epsilon rules act), NaN and infinities.
std::vector<double> random_values(msprobe::testing::DeterministicRandom& random, std::size_t count) {
    std::vector<double> values(count);
    for (auto& value : values) {
        const double pick = random.uniform();
        value = pick < 0.05   ? kNan
                : pick < 0.08 ? kInf
                : pick < 0.10 ? -kInf
                : pick < 0.25 ? 0.0
                              : random.uniform(-4.0, 4.0);
    }
    return values;
}

std::vector<double> perturbed(msprobe::testing::DeterministicRandom& random, const std::vector<double>& values) {
    std::vector<double> out = values;
    for (auto& value : out) {
        const double pick = random.uniform();
        if (pick < 0.1) {
            value = 0.0;
        } else if (pick < 0.15) {
            value = kNan;  // a NaN where the other side may have none
        } else if (std::isfinite(value)) {
            value *= 1 + random.uniform(-0.008, 0.008);  // around the 0.001 and 0.005 thresholds
        }
    }
    return out;
}

const char* rule_name(RelativeEpsilon rule) { return rule == RelativeEpsilon::Float64 ? "April" : "August"; }

}  // namespace

TEST_CASE("simd kernel: float types up to float32 in any pair, and float64 with float64, are vectorised",
          "[metrics][simd_kernel]") {
    for (const auto& set : runnable_sets()) {
        INFO("set " << kernel_isa_name(set.isa));
        for (const auto npu : kAllDtypes) {
            for (const auto bench : kAllDtypes) {
                for (const auto rule : kRules) {
                    INFO(msprobe::tensor::torch_name(npu)
                         << " / " << msprobe::tensor::torch_name(bench) << ", " << rule_name(rule));
                    CHECK((set.find(npu, bench, rule) != nullptr) == vectorised(npu, bench));
                }
            }
        }
    }
}

TEST_CASE("simd kernel: one block adds what the scalar reference adds, at every tail length",
          "[metrics][simd_kernel]") {
    const std::size_t lengths[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 255, 1000, 1024};
    auto random = msprobe::testing::DeterministicRandom::keyed(20261126, 11);
    for (const auto& set : runnable_sets()) {
        for (const auto npu_type : kAllDtypes) {
            for (const auto bench_type : kAllDtypes) {
                if (!vectorised(npu_type, bench_type)) continue;
                for (const auto rule : kRules) {
                    const BlockKernel kernel = set.find(npu_type, bench_type, rule);
                    REQUIRE(kernel != nullptr);
                    for (const auto length : lengths) {
                        INFO("set " << kernel_isa_name(set.isa) << ", " << msprobe::tensor::torch_name(npu_type)
                                    << " / " << msprobe::tensor::torch_name(bench_type) << ", " << rule_name(rule)
                                    << ", length " << length);
                        const auto n = random_values(random, length);
                        const auto npu = make_tensor(npu_type, n);
                        const auto bench = make_tensor(bench_type, perturbed(random, n));
                        // A partial that already holds a block: the kernel adds to it.
                        PairPartial simd = reference_accumulate(npu, bench, 0, npu.numel(), rule);
                        PairPartial scalar = simd;
                        kernel(npu.data, bench.data, npu.numel(), simd);
                        reference_accumulate_contiguous(npu.data, npu_type, bench.data, bench_type, npu.numel(), scalar,
                                                        rule);
                        require_same_partial(simd, scalar);
                        CHECK(simd.count == 2 * static_cast<std::int64_t>(length));
                    }
                }
            }
        }
    }
}

TEST_CASE("simd kernel: a block of identical finite values has no error at all", "[metrics][simd_kernel]") {
    for (const auto& set : runnable_sets()) {
        INFO("set " << kernel_isa_name(set.isa));
        std::vector<double> values(37);
        for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(i % 9) - 4;  // zeros included
        const auto npu = make_tensor(DType::Float32, values);
        PairPartial partial;
        set.find(DType::Float32, DType::Float32, RelativeEpsilon::Float64)(npu.data, npu.data, 37, partial);
        CHECK(partial.count == 37);
        CHECK(partial.diff_squares.value() == 0.0);
        CHECK(partial.max_abs_diff == 0.0);
        CHECK(partial.max_relative == 0.0);
        CHECK(partial.below_one_thousandth == 37);
        CHECK(partial.npu.max_finite == 4.0);
        CHECK(partial.npu.min_finite == -4.0);
        CHECK_FALSE(partial.inf_nan_positions_differ);
    }
}
