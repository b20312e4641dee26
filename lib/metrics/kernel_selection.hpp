#pragma once
// Which instruction set a compare runs the fused pass on: the widest this
// machine offers, or the one MSPROBE_KERNEL_ISA names (scalar, sse2, avx2,
// avx512, neon), and then only after it passed its self-check
// (kernel_self_check.hpp); a set that fails gives way to the next narrower
// one (avx512 -> avx2 -> sse2 -> scalar, neon -> scalar).
#include <string>
#include <vector>

#include "metrics/kernel_isa.hpp"
#include "metrics/kernel_self_check.hpp"

namespace msprobe::metrics {

inline constexpr const char* kKernelIsaVariable = "MSPROBE_KERNEL_ISA";

struct KernelChoice {
    KernelIsa isa = KernelIsa::Scalar;
    std::vector<std::string> warnings;  // one log line each
};

// What the variable's value asks for (nullptr or "": unset, the widest set).
// A name that is not a set, or a set this machine lacks, is ignored with a
// warning naming it and the set used instead (the widest).
KernelChoice requested_kernel_isa(const char* value);

// The requested set, or the first narrower one passing the self-check, with
// a warning for each set that failed.
KernelChoice choose_kernel_isa(const char* value, KernelFinder find = find_block_kernel);

// choose_kernel_isa() with the environment's value and the real kernels, once
// per process (thread-safe); its warnings are logged the first time.
KernelIsa selected_kernel_isa();

}  // namespace msprobe::metrics
