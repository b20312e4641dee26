#include "metrics/kernel_isa.hpp"

namespace msprobe::metrics {

std::string_view kernel_isa_name(KernelIsa isa) {
    switch (isa) {
        case KernelIsa::Scalar: return "scalar";
        case KernelIsa::Sse2: return "sse2";
        case KernelIsa::Avx2: return "avx2";
        case KernelIsa::Avx512: return "avx512";
    }
    return "unknown";
}

bool kernel_isa_available(KernelIsa isa) {
    switch (isa) {
        case KernelIsa::Scalar: return true;
#if defined(MSPROBE_METRICS_X86)
        case KernelIsa::Sse2: return true;  // x86-64 baseline
        case KernelIsa::Avx2:
            // __builtin_cpu_supports also checks that the OS saves the AVX state.
            return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
                   __builtin_cpu_supports("f16c");
#else
        case KernelIsa::Sse2:
        case KernelIsa::Avx2: return false;
#endif
        case KernelIsa::Avx512:
#if defined(MSPROBE_METRICS_WITH_AVX512)
            return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("fma") &&
                   __builtin_cpu_supports("f16c");
#else
            return false;
#endif
    }
    return false;
}

std::vector<KernelIsa> available_kernel_isas() {
    std::vector<KernelIsa> isas;
    for (KernelIsa isa : {KernelIsa::Scalar, KernelIsa::Sse2, KernelIsa::Avx2, KernelIsa::Avx512}) {
        if (kernel_isa_available(isa)) isas.push_back(isa);
    }
    return isas;
}

KernelIsa best_kernel_isa() {
    // Immutable after the first call; the CPU does not change under us.
    static const KernelIsa best = available_kernel_isas().back();
    return best;
}

BlockKernel find_block_kernel(KernelIsa isa, tensor::DType npu, tensor::DType bench) {
    if (!kernel_isa_available(isa)) return nullptr;
    switch (isa) {
        case KernelIsa::Scalar: return nullptr;
#if defined(MSPROBE_METRICS_X86)
        case KernelIsa::Sse2: return block_kernel_sse2(npu, bench);
        case KernelIsa::Avx2: return block_kernel_avx2(npu, bench);
#else
        case KernelIsa::Sse2:
        case KernelIsa::Avx2: return nullptr;
#endif
        case KernelIsa::Avx512:
#if defined(MSPROBE_METRICS_WITH_AVX512)
            return block_kernel_avx512(npu, bench);
#else
            return nullptr;
#endif
    }
    return nullptr;
}

}  // namespace msprobe::metrics
