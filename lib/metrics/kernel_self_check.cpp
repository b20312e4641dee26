#include "metrics/kernel_self_check.hpp"

#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <span>
#include <vector>

#include "metrics/half_float.hpp"
#include "metrics/scalar_reference.hpp"

namespace msprobe::metrics {

namespace {

using tensor::DType;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

// Finite in every vectorised dtype (|x| <= 65504), so the inf/nan positions
// stay where a block puts them: signed zeros, subnormals of float16
// (3e-6), float32/bfloat16 (1e-40) and float64 (1e-310), the smallest
// float32 normal, values near the float16 maximum, and plain ones.
constexpr double kValues[] = {0.0,   -0.0,  1.0,    -1.5,      3e-6,   1e-40, 1e-310, 1.1754944e-38,
                              6e4,   -6e4,  0.1,    1234.5625, 1e-3,   -7.0,  2.5e-5, 65504.0,
                              -0.25, 3.0,   -1e-40, 0.3333333, -3e-6,  42.0,  1e4};
constexpr std::size_t kValueCount = std::size(kValues);

// An inf/nan (or huge value) planted at `index` of both sides.
struct Planted {
    std::size_t index;
    double npu;
    double bench;
};

// One block: its length (odd, so every set has full steps and a padded tail),
// what is planted into the generated values, and whether the bench is all zeros.
struct Block {
    std::size_t length;
    std::span<const Planted> planted;
    bool zero_bench = false;
};

// Equal positions (+inf against -inf counts as equal) in the full steps and
// in the tail of every set: nothing may be reported as mismatched.
constexpr Planted kMatching[] = {{3, kNan, kNan},    {9, kInf, kInf},   {17, -kInf, kInf},
                                 {30, kNan, kNan},   {40, kInf, -kInf}, {43, kNan, kNan}};
// Unequal positions: nan against a number, inf against nan.
constexpr Planted kMismatched[] = {{5, kNan, 1.0}, {20, kInf, kNan}};
// Finite values whose float64 squares overflow (inf in narrower dtypes).
constexpr Planted kHuge[] = {{1, 1e200, -1e200}, {6, -3e38, 3e38}, {12, 1e300, 1e-300}, {15, 1e-200, 1e200}};

constexpr Block kBlocks[] = {
    {71, {}},           // finite: the optimistic pass alone
    {45, kMatching},    // the careful pass, positions matching
    {23, kMismatched},  // the careful pass, positions differing
    {19, kHuge},        // overflowing sums
    {29, {}, true},     // zero benches: the two epsilon rules give other relative errors
};

// The pair at `i` of a block: the bench equal to, a little above or below,
// or independent of the NPU value (around the 0.001 / 0.005 thresholds,
// zeros against zeros for float16's 0/0).
std::array<double, 2> generated_pair(std::size_t i) {
    const double n = kValues[i % kValueCount];
    switch (i % 4) {
        case 0: return {n, n};
        case 1: return {n, n * 1.001};
        case 2: return {n, n * 0.995};
        default: return {n, kValues[(i * 5 + 2) % kValueCount]};
    }
}

// `value` stored as one element of `dtype` (float16 rounded, bfloat16 cut).
void store(std::byte* out, DType dtype, double value) {
    const auto single = static_cast<float>(value);
    if (dtype == DType::Float64) {
        std::memcpy(out, &value, sizeof value);
    } else if (dtype == DType::Float32) {
        std::memcpy(out, &single, sizeof single);
    } else {
        std::uint16_t bits;
        if (dtype == DType::Float16) {
            bits = float_to_half(single);
        } else {
            std::uint32_t wide;
            std::memcpy(&wide, &single, sizeof wide);
            bits = static_cast<std::uint16_t>(wide >> 16);
        }
        std::memcpy(out, &bits, sizeof bits);
    }
}

bool same_bits(double a, double b) {
    return (std::isnan(a) && std::isnan(b)) || std::memcmp(&a, &b, sizeof a) == 0;
}

bool same_sum(const CompensatedSum& a, const CompensatedSum& b) {
    return same_bits(a.sum, b.sum) && same_bits(a.carry, b.carry);
}

bool same_side(const SideAccumulator& a, const SideAccumulator& b) {
    return same_sum(a.sum, b.sum) && same_sum(a.sum_of_squares, b.sum_of_squares) &&
           same_bits(a.max_finite, b.max_finite) && same_bits(a.min_finite, b.min_finite) &&
           a.has_nan == b.has_nan && a.has_pos_inf == b.has_pos_inf && a.has_neg_inf == b.has_neg_inf;
}

bool same_partial(const PairPartial& a, const PairPartial& b) {
    return a.count == b.count && same_side(a.npu, b.npu) && same_side(a.bench, b.bench) && same_sum(a.dot, b.dot) &&
           same_sum(a.diff_squares, b.diff_squares) && same_bits(a.max_abs_diff, b.max_abs_diff) &&
           same_bits(a.max_relative, b.max_relative) && a.relative_has_nan == b.relative_has_nan &&
           a.below_one_thousandth == b.below_one_thousandth &&
           a.below_five_thousandths == b.below_five_thousandths &&
           a.inf_nan_positions_differ == b.inf_nan_positions_differ;
}

// Each block on its own, then all of them into one partial (as the blocks of a chunk).
bool kernel_matches_reference(BlockKernel kernel, DType npu_type, DType bench_type, RelativeEpsilon epsilon) {
    PairPartial kernel_total;
    PairPartial reference_total;
    for (const Block& block : kBlocks) {
        std::vector<std::byte> npu(block.length * tensor::dtype_size(npu_type));
        std::vector<std::byte> bench(block.length * tensor::dtype_size(bench_type));
        for (std::size_t i = 0; i < block.length; ++i) {
            auto [n, b] = generated_pair(i);
            if (block.zero_bench) b = 0.0;
            for (const Planted& p : block.planted) {
                if (p.index == i) {
                    n = p.npu;
                    b = p.bench;
                }
            }
            store(npu.data() + i * tensor::dtype_size(npu_type), npu_type, n);
            store(bench.data() + i * tensor::dtype_size(bench_type), bench_type, b);
        }
        const auto count = static_cast<std::int64_t>(block.length);
        PairPartial from_kernel;
        PairPartial from_reference;
        kernel(npu.data(), bench.data(), count, from_kernel);
        reference_accumulate_contiguous(npu.data(), npu_type, bench.data(), bench_type, count, from_reference, epsilon);
        if (!same_partial(from_kernel, from_reference)) return false;
        kernel(npu.data(), bench.data(), count, kernel_total);
        reference_accumulate_contiguous(npu.data(), npu_type, bench.data(), bench_type, count, reference_total,
                                        epsilon);
    }
    return same_partial(kernel_total, reference_total);
}

}  // namespace

bool kernel_passes_self_check(KernelIsa isa, KernelFinder find) {
    constexpr DType kVectorised[] = {DType::Float16, DType::BFloat16, DType::Float32, DType::Float64};
    for (RelativeEpsilon epsilon : {RelativeEpsilon::Float64, RelativeEpsilon::OfComputeType}) {
        for (DType npu : kVectorised) {
            for (DType bench : kVectorised) {
                const BlockKernel kernel = find(isa, npu, bench, epsilon);
                if (kernel != nullptr && !kernel_matches_reference(kernel, npu, bench, epsilon)) return false;
            }
        }
    }
    return true;
}

}  // namespace msprobe::metrics
