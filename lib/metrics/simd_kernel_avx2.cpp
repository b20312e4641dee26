// The fused block pass for avx2, compiled with -mavx2 -mfma -mf16c.
#include "metrics/simd_kernel_impl.hpp"

namespace msprobe::metrics {

BlockKernel block_kernel_avx2(tensor::DType npu, tensor::DType bench, RelativeEpsilon epsilon) {
    return simd::select_block_kernel<xsimd::avx2>(npu, bench, epsilon);
}

}  // namespace msprobe::metrics
