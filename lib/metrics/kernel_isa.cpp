#include "metrics/kernel_isa.hpp"

#include <algorithm>

#if defined(MSPROBE_METRICS_X86)
#include <cpuid.h>
#endif

namespace msprobe::metrics {

namespace {

#if defined(MSPROBE_METRICS_X86)
// F16C from cpuid itself: clang's __builtin_cpu_supports does not know "f16c"
// (the fuzz build is clang).
bool cpu_has_f16c() {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return __get_cpuid(1, &eax, &ebx, &ecx, &edx) != 0 && (ecx & bit_F16C) != 0;
}
#endif

constexpr KernelIsa kAllIsas[] = {KernelIsa::Scalar, KernelIsa::Sse2, KernelIsa::Avx2, KernelIsa::Avx512,
                                  KernelIsa::Neon};

}  // namespace

std::string_view kernel_isa_name(KernelIsa isa) {
    switch (isa) {
        case KernelIsa::Scalar: return "scalar";
        case KernelIsa::Sse2: return "sse2";
        case KernelIsa::Avx2: return "avx2";
        case KernelIsa::Avx512: return "avx512";
        case KernelIsa::Neon: return "neon";
    }
    return "unknown";
}

std::optional<KernelIsa> kernel_isa_named(std::string_view name) {
    for (KernelIsa isa : kAllIsas) {
        if (kernel_isa_name(isa) == name) return isa;
    }
    return std::nullopt;
}

bool kernel_isa_available(KernelIsa isa) {
    switch (isa) {
        case KernelIsa::Scalar: return true;
        case KernelIsa::Sse2:
#if defined(MSPROBE_METRICS_X86)
            return true;  // x86-64 baseline
#else
            return false;
#endif
        case KernelIsa::Avx2:
#if defined(MSPROBE_METRICS_X86)
            // __builtin_cpu_supports also checks that the OS saves the AVX state.
            return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
                   cpu_has_f16c();
#else
            return false;
#endif
        case KernelIsa::Avx512:
#if defined(MSPROBE_METRICS_WITH_AVX512)
            return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("fma") &&
                   cpu_has_f16c();
#else
            return false;
#endif
        case KernelIsa::Neon:
#if defined(MSPROBE_METRICS_NEON)
            return true;  // Advanced SIMD is part of the AArch64 base architecture
#else
            return false;
#endif
    }
    return false;
}

std::vector<KernelIsa> available_kernel_isas() {
    std::vector<KernelIsa> isas;
    for (KernelIsa isa : kAllIsas) {
        if (kernel_isa_available(isa)) isas.push_back(isa);
    }
    return isas;
}

KernelIsa best_kernel_isa() {
    // Immutable after the first call; the CPU does not change under us.
    static const KernelIsa best = available_kernel_isas().back();
    return best;
}

KernelIsa narrower_kernel_isa(KernelIsa isa) {
    // Only one family is ever available, so the previous available set is the narrower one.
    const std::vector<KernelIsa> isas = available_kernel_isas();
    const auto at = std::find(isas.begin(), isas.end(), isa);
    return at == isas.begin() || at == isas.end() ? KernelIsa::Scalar : *(at - 1);
}

BlockKernel find_block_kernel(KernelIsa isa, tensor::DType npu, tensor::DType bench, RelativeEpsilon epsilon) {
    if (!kernel_isa_available(isa)) return nullptr;
#if defined(MSPROBE_METRICS_X86)
    if (isa == KernelIsa::Sse2) return block_kernel_sse2(npu, bench, epsilon);
    if (isa == KernelIsa::Avx2) return block_kernel_avx2(npu, bench, epsilon);
#endif
#if defined(MSPROBE_METRICS_WITH_AVX512)
    if (isa == KernelIsa::Avx512) return block_kernel_avx512(npu, bench, epsilon);
#endif
#if defined(MSPROBE_METRICS_NEON)
    if (isa == KernelIsa::Neon) return block_kernel_neon(npu, bench, epsilon);
#endif
    (void)npu;  // unused in a build without any SIMD set
    (void)bench;
    (void)epsilon;
    return nullptr;
}

}  // namespace msprobe::metrics
