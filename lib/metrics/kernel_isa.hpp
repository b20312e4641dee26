#pragma once
// Which implementation of the fused pass runs: the scalar reference, or the
// SIMD kernel built for one instruction set, picked at run time from what this
// CPU supports (kernel_selection.hpp decides which one a compare uses).
#include <optional>
#include <string_view>
#include <vector>

#include "metrics/simd_kernel.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::metrics {

// x86-64: Sse2 < Avx2 < Avx512 (each narrower than the next); aarch64: Neon.
enum class KernelIsa : unsigned char { Scalar, Sse2, Avx2, Avx512, Neon };

// "scalar", "sse2", "avx2", "avx512", "neon".
std::string_view kernel_isa_name(KernelIsa isa);
// The set named so (exactly as kernel_isa_name spells it), or nothing.
std::optional<KernelIsa> kernel_isa_named(std::string_view name);

// Compiled into this binary and supported by this CPU (Scalar always is).
bool kernel_isa_available(KernelIsa isa);
// Narrowest first: Scalar, then this machine's sets in order of width.
std::vector<KernelIsa> available_kernel_isas();

// The widest available instruction set.
KernelIsa best_kernel_isa();

// The next narrower available set (Avx512 -> Avx2 -> Sse2 -> Scalar,
// Neon -> Scalar); Scalar for Scalar.
KernelIsa narrower_kernel_isa(KernelIsa isa);

// The vectorised block kernel for a dtype pair under an epsilon rule, or
// nullptr (Scalar, an unavailable set, or a pair that is not vectorised).
BlockKernel find_block_kernel(KernelIsa isa, tensor::DType npu, tensor::DType bench,
                              RelativeEpsilon epsilon = RelativeEpsilon::Float64);

}  // namespace msprobe::metrics
