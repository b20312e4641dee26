#pragma once
// The fused SIMD block pass, written once with xsimd and instantiated per
// instruction set by simd_kernel_<arch>.cpp. It computes exactly what
// scalar_reference.cpp computes (same per-element terms, same summation order,
// see pair_partial.hpp), over one block of two contiguous arrays.
//
// Values are processed in "value lanes": float32 lanes when both sides are
// float16/bfloat16/float32 (all exact in float32; the relative error is then
// computed in float32, or in float16 emulated by rounding), float64 lanes when
// both sides are float64. Other dtype pairs are not vectorised. Each epsilon
// rule (relative_error.hpp) has its own instantiation: the rule only changes
// compile-time constants of the relative error.
//
// A block first runs an optimistic pass that assumes finite data; only a block
// holding inf/nan (or float64 squares that overflow) is run again by the
// careful pass that zeroes inf/nan like msprobe and records where they were.
#include <cstddef>
#include <cstdint>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "metrics/half_float.hpp"
#include "metrics/pair_partial.hpp"
#include "metrics/relative_error.hpp"
#include "metrics/simd_arch_traits.hpp"
#include "metrics/simd_kernel.hpp"

namespace msprobe::metrics::simd {
namespace {  // internal linkage: each arch TU keeps its own copy

using tensor::DType;

// The eps a side gets where the bench is 0, as a value of the lanes. April:
// float64's, in the side's own precision (0 in float16). August: that of the
// compute type (float32 or float64), added in it, which float32 lanes do exactly.
constexpr double zero_bench_epsilon(Precision side, Precision compute, RelativeEpsilon rule) {
    if (rule == RelativeEpsilon::OfComputeType) return compute == Precision::Single ? 0x1p-23 : 0x1p-52;
    return side == Precision::Half ? 0.0 : kRelativeEpsilon;
}

template <class Arch, DType NpuType, DType BenchType, RelativeEpsilon Rule>
class BlockPass {
    static constexpr bool kDoubleLanes = NpuType == DType::Float64;
    static_assert(kDoubleLanes == (BenchType == DType::Float64), "float64 is only paired with float64");

    using Traits = ArchTraits<Arch>;
    using Scalar = std::conditional_t<kDoubleLanes, double, float>;
    using Values = xsimd::batch<Scalar, Arch>;
    using Mask = typename Values::batch_bool_type;
    using Doubles = xsimd::batch<double, Arch>;

    static constexpr std::size_t kValueWidth = Values::size;
    static constexpr std::size_t kDoubleWidth = Doubles::size;
    // One step covers whole value registers and all kSumLanes sum lanes.
    static constexpr std::size_t kStep = kValueWidth > kSumLanes ? kValueWidth : kSumLanes;
    static constexpr std::size_t kValueRegs = kStep / kValueWidth;
    static constexpr std::size_t kDoublesPerValue = kValueWidth / kDoubleWidth;  // 1 or 2
    // Double register k of a step feeds sum lanes [k*w, (k+1)*w) mod kSumLanes.
    static constexpr std::size_t kSumRegs = kSumLanes / kDoubleWidth;
    static_assert(kSumLanes % kDoubleWidth == 0 && kStep % kSumLanes == 0);

    static constexpr Precision kNpuPrecision = precision_of(NpuType);
    static constexpr Precision kBenchPrecision = precision_of(BenchType);
    static constexpr Precision kRelPrecision = relative_precision(kNpuPrecision, kBenchPrecision, Rule);
    static constexpr Scalar kNpuEpsilon = static_cast<Scalar>(zero_bench_epsilon(kNpuPrecision, kRelPrecision, Rule));
    static constexpr Scalar kBenchEpsilon =
        static_cast<Scalar>(zero_bench_epsilon(kBenchPrecision, kRelPrecision, Rule));

    // Finite operands give a NaN relative error only through 0/0, which needs a
    // zero denominator: only when eps vanishes in the bench's precision (float16).
    static constexpr bool kRelCanBeNan = kBenchEpsilon == Scalar(0);
    static constexpr std::size_t kNpuBytes = NpuType == DType::Float64 ? 8 : NpuType == DType::Float32 ? 4 : 2;
    static constexpr std::size_t kBenchBytes = BenchType == DType::Float64 ? 8 : BenchType == DType::Float32 ? 4 : 2;

    // Everything a block accumulates before flush() hands it to the PairPartial.
    // (Initialised with parentheses: a braced scalar would pick xsimd's
    // initializer-list constructor.)
    struct Accumulators {
        Doubles dot[kSumRegs] = {};
        Doubles npu_squares[kSumRegs] = {};
        Doubles bench_squares[kSumRegs] = {};
        Doubles diff_squares[kSumRegs] = {};
        Doubles npu_sum[kSumRegs] = {};
        Doubles bench_sum[kSumRegs] = {};
        Doubles max_abs_diff = Doubles(0.0);
        Values npu_max = Values(-std::numeric_limits<Scalar>::infinity());
        Values npu_min = Values(std::numeric_limits<Scalar>::infinity());
        Values bench_max = Values(-std::numeric_limits<Scalar>::infinity());
        Values bench_min = Values(std::numeric_limits<Scalar>::infinity());
        Values relative_max = Values(Scalar(0));
        Mask relative_nan = Mask(false);
        Values below_first = Values(Scalar(0));  // per-lane counts, exact in float32 up to 2^24
        Values below_second = Values(Scalar(0));
    };

public:
    explicit BlockPass(PairPartial& partial) : partial_(partial) {}

    void run(const std::byte* npu, const std::byte* bench, std::size_t count) {
        const std::size_t full = count - count % kStep;
        // Optimistic pass: assume every value is finite (no zeroing, no
        // bookkeeping). Any inf or nan makes a sum of squares non-finite, and the
        // block is redone carefully. (float64 squares may also overflow from
        // finite values; the careful pass then gives the same result.)
        for (std::size_t i = 0; i < full; i += kStep) fast_step(npu + i * kNpuBytes, bench + i * kBenchBytes);
        if (!std::isfinite(lane_sum(acc_.npu_squares) + lane_sum(acc_.bench_squares))) {
            acc_ = Accumulators();
            for (std::size_t i = 0; i < full; i += kStep) {
                careful_step<false>(npu + i * kNpuBytes, bench + i * kBenchBytes, kStep);
            }
        }
        if (full < count) {
            // The tail goes through a zero-padded copy: zeros add nothing to the
            // sums, and the valid-lane mask keeps them out of max/min/counts.
            alignas(64) std::byte npu_tail[kStep * kNpuBytes] = {};
            alignas(64) std::byte bench_tail[kStep * kBenchBytes] = {};
            std::memcpy(npu_tail, npu + full * kNpuBytes, (count - full) * kNpuBytes);
            std::memcpy(bench_tail, bench + full * kBenchBytes, (count - full) * kBenchBytes);
            careful_step<true>(npu_tail, bench_tail, count - full);
        }
        flush(count);
    }

private:
    template <DType Type>
    static Values load(const std::byte* p) {
        if constexpr (Type == DType::Float64) {
            return Values::load_unaligned(reinterpret_cast<const double*>(p));
        } else if constexpr (Type == DType::Float32) {
            return Values::load_unaligned(reinterpret_cast<const float*>(p));
        } else if constexpr (Type == DType::Float16) {
            return Traits::load_half(reinterpret_cast<const std::uint16_t*>(p));
        } else {
            return Traits::load_bfloat16(reinterpret_cast<const std::uint16_t*>(p));
        }
    }

    static Doubles to_doubles(Values v, std::size_t half) {
        if constexpr (kDoubleLanes) {
            (void)half;
            return v;
        } else {
            return half == 0 ? Traits::widen_low(v) : Traits::widen_high(v);
        }
    }

    static Values half_rounded(Values v) {
        if constexpr (kRelPrecision == Precision::Half) return Traits::round_to_half(v);
        return v;
    }

    // Set where exactly one of a and b is. Not a ^ b: xsimd 8.1 computes the
    // xor of AVX-512 masks as an or, and its SSE2 != of masks compares their
    // bits as floats (true != true); &, | and ~ are right on every set (see
    // docs/design.md, "xsimd 8.1 audited").
    static Mask differs(Mask a, Mask b) { return (a & ~b) | (b & ~a); }

    // 1 where the mask is set, else 0.
    static Values ones_where(Mask m) { return xsimd::select(m, Values(Scalar(1)), Values(Scalar(0))); }

    static Mask lanes_below(std::size_t first_lane, std::size_t valid) {
        alignas(64) Scalar index[kValueWidth];
        for (std::size_t l = 0; l < kValueWidth; ++l) index[l] = static_cast<Scalar>(first_lane + l);
        return Values::load_aligned(index) < Values(static_cast<Scalar>(valid));
    }

    // |(n' - b') / b'| with eps added where b == 0 (see relative_error.hpp).
    // In float16 the quotient's final rounding to float16 is left out: the
    // rounding is monotonic, so the maximum is rounded once in flush() and the
    // thresholds are moved to the float32 bound that gives the same counts
    // (count_bound). That saves two conversions per register in the hot loop.
    static Values relative_error(Values n, Values b) {
        const Mask bench_zero = b == Values(Scalar(0));
        Values n_shifted = n;
        if constexpr (kNpuEpsilon != Scalar(0)) {
            n_shifted = n + xsimd::select(bench_zero, Values(kNpuEpsilon), Values(Scalar(0)));
        }
        // b is +-0 where bench_zero, so adding eps there gives eps (+0 in float16).
        const Values b_shifted = b + xsimd::select(bench_zero, Values(kBenchEpsilon), Values(Scalar(0)));
        const Values diff = half_rounded(n_shifted - b_shifted);
        return xsimd::abs(Traits::divide(diff, b_shifted));
    }

    // sum + a * b for float64 values widened from float32 lanes: their product
    // is exact in float64 (24 + 24 significant bits), so fusing it changes no
    // bit and saves an instruction. float64 inputs multiply and add separately.
    static Doubles add_product(Doubles a, Doubles b, Doubles sum) {
        if constexpr (kDoubleLanes) {
            return sum + a * b;
        } else {
            return Traits::multiply_add(a, b, sum);
        }
    }

    // The float64 sums, fed from value register r of a step.
    void add_sums(Values n, Values b, std::size_t r) {
        for (std::size_t h = 0; h < kDoublesPerValue; ++h) {
            const std::size_t k = (r * kDoublesPerValue + h) % kSumRegs;
            const Doubles dn = to_doubles(n, h);
            const Doubles db = to_doubles(b, h);
            const Doubles diff = dn - db;
            acc_.dot[k] = add_product(dn, db, acc_.dot[k]);
            acc_.npu_squares[k] = add_product(dn, dn, acc_.npu_squares[k]);
            acc_.bench_squares[k] = add_product(db, db, acc_.bench_squares[k]);
            acc_.diff_squares[k] = acc_.diff_squares[k] + diff * diff;  // diff * diff is rounded: never fused
            acc_.npu_sum[k] = acc_.npu_sum[k] + dn;
            acc_.bench_sum[k] = acc_.bench_sum[k] + db;
            acc_.max_abs_diff = xsimd::max(acc_.max_abs_diff, xsimd::abs(diff));
        }
    }

    // The hot loop: a whole step of values all assumed finite.
    [[gnu::always_inline]] inline void fast_step(const std::byte* npu, const std::byte* bench) {
        for (std::size_t r = 0; r < kValueRegs; ++r) {
            const Values n = load<NpuType>(npu + r * kValueWidth * kNpuBytes);
            const Values b = load<BenchType>(bench + r * kValueWidth * kBenchBytes);
            acc_.npu_max = xsimd::max(acc_.npu_max, n);
            acc_.npu_min = xsimd::min(acc_.npu_min, n);
            acc_.bench_max = xsimd::max(acc_.bench_max, b);
            acc_.bench_min = xsimd::min(acc_.bench_min, b);

            const Values rel = relative_error(n, b);
            if constexpr (kRelCanBeNan) {
                const Mask rel_nan = xsimd::isnan(rel);
                acc_.relative_nan = acc_.relative_nan | rel_nan;
                acc_.relative_max = xsimd::max(acc_.relative_max, xsimd::select(rel_nan, Values(Scalar(0)), rel));
            } else {
                acc_.relative_max = xsimd::max(acc_.relative_max, rel);
            }
            acc_.below_first = acc_.below_first + ones_where(rel < threshold_first_);
            acc_.below_second = acc_.below_second + ones_where(rel < threshold_second_);
            add_sums(n, b, r);
        }
    }

    // Rare path: some lane holds inf or nan. Records what the raw statistics
    // and msprobe's position check need.
    [[gnu::noinline]] void record_non_finite(Values n, Values b) {
        const Values inf(std::numeric_limits<Scalar>::infinity());
        const Mask n_nan = xsimd::isnan(n);
        const Mask b_nan = xsimd::isnan(b);
        const Mask n_inf = xsimd::abs(n) == inf;
        const Mask b_inf = xsimd::abs(b) == inf;
        if (xsimd::any(differs(n_nan, b_nan) | differs(n_inf, b_inf))) partial_.inf_nan_positions_differ = true;
        if (xsimd::any(n_nan)) partial_.npu.has_nan = true;
        if (xsimd::any(b_nan)) partial_.bench.has_nan = true;
        if (xsimd::any(n == inf)) partial_.npu.has_pos_inf = true;
        if (xsimd::any(b == inf)) partial_.bench.has_pos_inf = true;
        if (xsimd::any(n == -inf)) partial_.npu.has_neg_inf = true;
        if (xsimd::any(b == -inf)) partial_.bench.has_neg_inf = true;
    }

    // Any values: msprobe's zeroing of inf/nan, statistics over finite values
    // only, and (for the padded tail) only the first `valid` lanes counted.
    template <bool kTail>
    void careful_step(const std::byte* npu, const std::byte* bench, std::size_t valid) {
        const Values zero(Scalar(0));
        const Values inf(std::numeric_limits<Scalar>::infinity());
        for (std::size_t r = 0; r < kValueRegs; ++r) {
            const Values n = load<NpuType>(npu + r * kValueWidth * kNpuBytes);
            const Values b = load<BenchType>(bench + r * kValueWidth * kBenchBytes);
            const Mask n_finite = xsimd::abs(n) < inf;  // false for nan
            const Mask b_finite = xsimd::abs(b) < inf;
            // Padded tail lanes hold zeros, which are finite: no mask needed here.
            if (!xsimd::all(n_finite & b_finite)) record_non_finite(n, b);
            const Values nz = xsimd::select(n_finite, n, zero);
            const Values bz = xsimd::select(b_finite, b, zero);

            Mask counted = Mask(true);
            if constexpr (kTail) counted = lanes_below(r * kValueWidth, valid);
            acc_.npu_max = xsimd::max(acc_.npu_max, xsimd::select(n_finite & counted, n, -inf));
            acc_.npu_min = xsimd::min(acc_.npu_min, xsimd::select(n_finite & counted, n, inf));
            acc_.bench_max = xsimd::max(acc_.bench_max, xsimd::select(b_finite & counted, b, -inf));
            acc_.bench_min = xsimd::min(acc_.bench_min, xsimd::select(b_finite & counted, b, inf));

            const Values rel = relative_error(nz, bz);
            const Mask rel_nan = xsimd::isnan(rel);
            acc_.relative_nan = acc_.relative_nan | (rel_nan & counted);
            acc_.relative_max = xsimd::max(acc_.relative_max, xsimd::select(rel_nan | ~counted, zero, rel));
            acc_.below_first = acc_.below_first + ones_where((rel < threshold_first_) & counted);
            acc_.below_second = acc_.below_second + ones_where((rel < threshold_second_) & counted);
            add_sums(nz, bz, r);
        }
    }

    static double lane_sum(const Doubles (&registers)[kSumRegs]) {
        alignas(64) double lanes[kSumLanes];
        for (std::size_t k = 0; k < kSumRegs; ++k) registers[k].store_aligned(lanes + k * kDoubleWidth);
        return combine_lanes(lanes);
    }

    template <class Batch, class Reduce>
    static double reduce(const Batch& v, Reduce reduce_pair) {
        alignas(64) typename Batch::value_type lanes[Batch::size];
        v.store_aligned(lanes);
        double result = lanes[0];
        for (std::size_t l = 1; l < Batch::size; ++l) result = reduce_pair(result, static_cast<double>(lanes[l]));
        return result;
    }

    void flush(std::size_t count) {
        partial_.dot.add(lane_sum(acc_.dot));
        partial_.npu.sum_of_squares.add(lane_sum(acc_.npu_squares));
        partial_.bench.sum_of_squares.add(lane_sum(acc_.bench_squares));
        partial_.diff_squares.add(lane_sum(acc_.diff_squares));
        partial_.npu.sum.add(lane_sum(acc_.npu_sum));
        partial_.bench.sum.add(lane_sum(acc_.bench_sum));

        const auto larger = [](double a, double b) { return a < b ? b : a; };
        const auto smaller = [](double a, double b) { return b < a ? b : a; };
        const auto plus = [](double a, double b) { return a + b; };
        // + 0.0 turns a -0 extreme into +0, like the reference.
        partial_.npu.max_finite = larger(partial_.npu.max_finite, reduce(acc_.npu_max, larger) + 0.0);
        partial_.npu.min_finite = smaller(partial_.npu.min_finite, reduce(acc_.npu_min, smaller) + 0.0);
        partial_.bench.max_finite = larger(partial_.bench.max_finite, reduce(acc_.bench_max, larger) + 0.0);
        partial_.bench.min_finite = smaller(partial_.bench.min_finite, reduce(acc_.bench_min, smaller) + 0.0);
        partial_.max_abs_diff = larger(partial_.max_abs_diff, reduce(acc_.max_abs_diff, larger));
        double relative_max = reduce(acc_.relative_max, larger);
        if constexpr (kRelPrecision == Precision::Half) relative_max = round_to_half(static_cast<float>(relative_max));
        partial_.max_relative = larger(partial_.max_relative, relative_max);
        if (xsimd::any(acc_.relative_nan)) partial_.relative_has_nan = true;
        partial_.below_one_thousandth += static_cast<std::int64_t>(reduce(acc_.below_first, plus));
        partial_.below_five_thousandths += static_cast<std::int64_t>(reduce(acc_.below_second, plus));
        partial_.count += static_cast<std::int64_t>(count);
    }

    PairPartial& partial_;
    // For x >= 0 (not nan), round_to_half(x) < t exactly when x < count_bound(t):
    // below the midpoint m between t and the float16 value p under it, and at m
    // itself when the tie goes to p (p's mantissa even).
    static Scalar count_bound(double threshold) {
        const auto t = static_cast<float>(threshold);
        if constexpr (kRelPrecision != Precision::Half) {
            return static_cast<Scalar>(threshold);
        } else {
            const auto below = static_cast<std::uint16_t>(float_to_half(t) - 1);
            const float midpoint = (half_to_float(below) + t) * 0.5f;  // exact in float32
            return (below & 1u) == 0 ? std::nextafter(midpoint, std::numeric_limits<float>::infinity()) : midpoint;
        }
    }

    const Values threshold_first_ = Values(count_bound(ratio_thresholds(kRelPrecision).one_thousandth));
    const Values threshold_second_ = Values(count_bound(ratio_thresholds(kRelPrecision).five_thousandths));
    Accumulators acc_;
};

template <class Arch, DType NpuType, DType BenchType, RelativeEpsilon Rule>
void block_kernel(const std::byte* npu, const std::byte* bench, std::int64_t count, PairPartial& into) {
    BlockPass<Arch, NpuType, BenchType, Rule>(into).run(npu, bench, static_cast<std::size_t>(count));
}

template <class Arch, DType NpuType, RelativeEpsilon Rule>
BlockKernel with_bench_type(DType bench) {
    switch (bench) {
        case DType::Float16: return &block_kernel<Arch, NpuType, DType::Float16, Rule>;
        case DType::BFloat16: return &block_kernel<Arch, NpuType, DType::BFloat16, Rule>;
        case DType::Float32: return &block_kernel<Arch, NpuType, DType::Float32, Rule>;
        default: return nullptr;
    }
}

template <class Arch, RelativeEpsilon Rule>
BlockKernel select_block_kernel(DType npu, DType bench) {
    switch (npu) {
        case DType::Float16: return with_bench_type<Arch, DType::Float16, Rule>(bench);
        case DType::BFloat16: return with_bench_type<Arch, DType::BFloat16, Rule>(bench);
        case DType::Float32: return with_bench_type<Arch, DType::Float32, Rule>(bench);
        case DType::Float64:
            return bench == DType::Float64 ? &block_kernel<Arch, DType::Float64, DType::Float64, Rule> : nullptr;
        default: return nullptr;
    }
}

// The vectorised kernel for a dtype pair under an epsilon rule, or nullptr
// (the caller falls back to the scalar reference).
template <class Arch>
BlockKernel select_block_kernel(DType npu, DType bench, RelativeEpsilon epsilon) {
    return epsilon == RelativeEpsilon::OfComputeType
               ? select_block_kernel<Arch, RelativeEpsilon::OfComputeType>(npu, bench)
               : select_block_kernel<Arch, RelativeEpsilon::Float64>(npu, bench);
}

}  // namespace
}  // namespace msprobe::metrics::simd
