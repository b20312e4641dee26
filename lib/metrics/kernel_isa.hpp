#pragma once
// Which implementation of the fused pass runs: the scalar reference, or the
// SIMD kernel built for one instruction set, picked at run time from what this
// CPU supports.
#include <string_view>
#include <vector>

#include "metrics/simd_kernel.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::metrics {

enum class KernelIsa : unsigned char { Scalar, Sse2, Avx2, Avx512 };

std::string_view kernel_isa_name(KernelIsa isa);

// Compiled into this binary and supported by this CPU (Scalar always is).
bool kernel_isa_available(KernelIsa isa);
std::vector<KernelIsa> available_kernel_isas();

// The widest available instruction set.
KernelIsa best_kernel_isa();

// The vectorised block kernel for a dtype pair, or nullptr (Scalar, an
// unavailable set, or a pair that is not vectorised).
BlockKernel find_block_kernel(KernelIsa isa, tensor::DType npu, tensor::DType bench);

}  // namespace msprobe::metrics
