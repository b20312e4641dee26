// The fused block pass for sse2, compiled with baseline x86-64 (SSE2).
#include "metrics/simd_kernel_impl.hpp"

namespace msprobe::metrics {

BlockKernel block_kernel_sse2(tensor::DType npu, tensor::DType bench, RelativeEpsilon epsilon) {
    return simd::select_block_kernel<xsimd::sse2>(npu, bench, epsilon);
}

}  // namespace msprobe::metrics
