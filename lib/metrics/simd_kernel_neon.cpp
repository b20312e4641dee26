// The fused block pass for AArch64 Advanced SIMD (NEON), part of the base
// architecture: no extra compiler flags.
#include "metrics/simd_kernel_impl.hpp"

namespace msprobe::metrics {

BlockKernel block_kernel_neon(tensor::DType npu, tensor::DType bench, RelativeEpsilon epsilon) {
    return simd::select_block_kernel<xsimd::neon64>(npu, bench, epsilon);
}

}  // namespace msprobe::metrics
