#pragma once
// The few operations xsimd 8.1 does not offer, or offers wrongly for us, per
// instruction set: loading float16/bfloat16 into float32 lanes, rounding
// float32 lanes to the nearest float16 value (NumPy's per-operation rounding),
// widening float32 lanes to float64, a * b + c fused where the set has FMA,
// and a correctly rounded division. Only included by the simd_kernel_<arch>.cpp
// translation units; each one sees the specialisation its compiler flags allow.
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif
#if defined(__aarch64__)
#include <arm_neon.h>
#endif

#include <cstdint>
#include <xsimd/xsimd.hpp>

namespace msprobe::metrics::simd {
namespace {  // internal linkage: each arch TU keeps its own copy

template <class Arch>
struct ArchTraits;

#if defined(__SSE2__)
// SSE2 has no float16 instructions: bit manipulation, mirroring half_float.hpp.
template <>
struct ArchTraits<xsimd::sse2> {
    using Floats = xsimd::batch<float, xsimd::sse2>;
    using Doubles = xsimd::batch<double, xsimd::sse2>;

    static __m128i select_bits(__m128i mask, __m128i if_true, __m128i if_false) {
        return _mm_or_si128(_mm_and_si128(mask, if_true), _mm_andnot_si128(mask, if_false));
    }

    static Floats load_half(const std::uint16_t* p) {
        const __m128i halves = _mm_unpacklo_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)),
                                                  _mm_setzero_si128());
        const __m128i sign = _mm_slli_epi32(_mm_and_si128(halves, _mm_set1_epi32(0x8000)), 16);
        const __m128i magnitude = _mm_and_si128(halves, _mm_set1_epi32(0x7fff));
        // Normal: re-bias the exponent. Subnormal: integer mantissa * 2^-24.
        // inf/nan: all-ones exponent with the mantissa kept.
        const __m128i normal = _mm_add_epi32(_mm_slli_epi32(magnitude, 13), _mm_set1_epi32(112 << 23));
        const __m128i subnormal =
            _mm_castps_si128(_mm_mul_ps(_mm_cvtepi32_ps(magnitude), _mm_set1_ps(0x1p-24f)));
        const __m128i special = _mm_or_si128(_mm_slli_epi32(magnitude, 13), _mm_set1_epi32(0x7f800000));
        const __m128i is_subnormal = _mm_cmplt_epi32(magnitude, _mm_set1_epi32(0x0400));
        const __m128i is_special = _mm_cmpgt_epi32(magnitude, _mm_set1_epi32(0x7bff));
        __m128i bits = select_bits(is_subnormal, subnormal, normal);
        bits = select_bits(is_special, special, bits);
        return _mm_castsi128_ps(_mm_or_si128(bits, sign));
    }

    static Floats load_bfloat16(const std::uint16_t* p) {
        const __m128i raw = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
        return _mm_castsi128_ps(_mm_unpacklo_epi16(_mm_setzero_si128(), raw));
    }

    static Floats round_to_half(Floats x) {
        const __m128i bits = _mm_castps_si128(x);
        const __m128i sign = _mm_and_si128(bits, _mm_set1_epi32(static_cast<int>(0x80000000u)));
        const __m128i magnitude = _mm_and_si128(bits, _mm_set1_epi32(0x7fffffff));
        // Normal half range: drop 13 mantissa bits, round to nearest even.
        const __m128i odd = _mm_and_si128(_mm_srli_epi32(magnitude, 13), _mm_set1_epi32(1));
        const __m128i normal = _mm_and_si128(
            _mm_add_epi32(_mm_add_epi32(magnitude, _mm_set1_epi32(0x0fff)), odd), _mm_set1_epi32(~0x1fff));
        // Subnormal half range: float32's own rounding at ulp 2^-24.
        const __m128 absolute = _mm_castsi128_ps(magnitude);
        const __m128i subnormal =
            _mm_castps_si128(_mm_sub_ps(_mm_add_ps(absolute, _mm_set1_ps(0.5f)), _mm_set1_ps(0.5f)));
        const __m128i is_subnormal = _mm_cmplt_epi32(magnitude, _mm_set1_epi32(0x38800000));
        const __m128i overflows = _mm_cmpgt_epi32(magnitude, _mm_set1_epi32(0x477fefff));
        const __m128i is_nan = _mm_cmpgt_epi32(magnitude, _mm_set1_epi32(0x7f800000));
        __m128i rounded = select_bits(is_subnormal, subnormal, normal);
        rounded = select_bits(overflows, _mm_set1_epi32(0x7f800000), rounded);
        rounded = select_bits(is_nan, magnitude, rounded);
        return _mm_castsi128_ps(_mm_or_si128(rounded, sign));
    }

    // No FMA on this set: multiply, then add (two roundings).
    static Doubles multiply_add(Doubles a, Doubles b, Doubles c) { return a * b + c; }

    static Doubles widen_low(Floats x) { return _mm_cvtps_pd(x); }
    static Doubles widen_high(Floats x) {
        const __m128 f = x;
        return _mm_cvtps_pd(_mm_movehl_ps(f, f));
    }
    // xsimd's division is the instruction's here: IEEE, correctly rounded.
    template <class Batch>
    static Batch divide(Batch a, Batch b) { return a / b; }
};
#endif

#if defined(__AVX2__) && defined(__F16C__)
template <>
struct ArchTraits<xsimd::avx2> {
    using Floats = xsimd::batch<float, xsimd::avx2>;
    using Doubles = xsimd::batch<double, xsimd::avx2>;

    static Floats load_half(const std::uint16_t* p) {
        return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    }
    static Floats load_bfloat16(const std::uint16_t* p) {
        const __m256i widened = _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
        return _mm256_castsi256_ps(_mm256_slli_epi32(widened, 16));
    }
    static Floats round_to_half(Floats x) {
        return _mm256_cvtph_ps(_mm256_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT));
    }
    static Doubles multiply_add(Doubles a, Doubles b, Doubles c) { return _mm256_fmadd_pd(a, b, c); }
    static Doubles widen_low(Floats x) { return _mm256_cvtps_pd(_mm256_castps256_ps128(x)); }
    static Doubles widen_high(Floats x) { return _mm256_cvtps_pd(_mm256_extractf128_ps(x, 1)); }
    // xsimd's division is the instruction's here: IEEE, correctly rounded.
    template <class Batch>
    static Batch divide(Batch a, Batch b) { return a / b; }
};
#endif

#if defined(__AVX512F__)
template <>
struct ArchTraits<xsimd::avx512f> {
    using Floats = xsimd::batch<float, xsimd::avx512f>;
    using Doubles = xsimd::batch<double, xsimd::avx512f>;

    static Floats load_half(const std::uint16_t* p) {
        return _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
    }
    static Floats load_bfloat16(const std::uint16_t* p) {
        const __m512i widened = _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
        return _mm512_castsi512_ps(_mm512_slli_epi32(widened, 16));
    }
    static Floats round_to_half(Floats x) {
        return _mm512_cvtph_ps(_mm512_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    }
    static Doubles multiply_add(Doubles a, Doubles b, Doubles c) { return _mm512_fmadd_pd(a, b, c); }
    static Doubles widen_low(Floats x) { return _mm512_cvtps_pd(_mm512_castps512_ps256(x)); }
    static Doubles widen_high(Floats x) {
        return _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(x), 1)));
    }
    // xsimd's division is the instruction's here: IEEE, correctly rounded.
    template <class Batch>
    static Batch divide(Batch a, Batch b) { return a / b; }
};
#endif

#if defined(__aarch64__)
// AArch64 (Kunpeng): Advanced SIMD is part of the base architecture. Linux
// leaves FPCR at its defaults (round to nearest even, no flush to zero, IEEE
// half precision), which every conversion below relies on.
template <>
struct ArchTraits<xsimd::neon64> {
    using Floats = xsimd::batch<float, xsimd::neon64>;
    using Doubles = xsimd::batch<double, xsimd::neon64>;

    // FCVTL: exact, subnormals and inf/nan included.
    static Floats load_half(const std::uint16_t* p) { return vcvt_f32_f16(vreinterpret_f16_u16(vld1_u16(p))); }
    static Floats load_bfloat16(const std::uint16_t* p) { return vreinterpretq_f32_u32(vshll_n_u16(vld1_u16(p), 16)); }
    // FCVTN rounds to nearest even, overflows to inf, keeps nan a nan.
    static Floats round_to_half(Floats x) { return vcvt_f32_f16(vcvt_f16_f32(x)); }
    // Only called on float64 lanes widened from float32, whose products are
    // exact: FMLA's one rounding is then the x86 sets' result (FMA, or SSE2's
    // multiply and add), bit for bit.
    static Doubles multiply_add(Doubles a, Doubles b, Doubles c) { return vfmaq_f64(c, a, b); }
    static Doubles widen_low(Floats x) { return vcvt_f64_f32(vget_low_f32(x)); }
    static Doubles widen_high(Floats x) { return vcvt_high_f64_f32(x); }
    // xsimd 8.1 divides float32 batches on NEON by a reciprocal estimate and
    // two Newton steps, which is not correctly rounded: FDIV instead.
    static Floats divide(Floats a, Floats b) { return vdivq_f32(a, b); }
    static Doubles divide(Doubles a, Doubles b) { return vdivq_f64(a, b); }
};
#endif

}  // namespace
}  // namespace msprobe::metrics::simd
