// The fused block pass for avx512f, compiled with -mavx512f -mfma -mf16c.
#include "metrics/simd_kernel_impl.hpp"

namespace msprobe::metrics {

BlockKernel block_kernel_avx512(tensor::DType npu, tensor::DType bench, RelativeEpsilon epsilon) {
    return simd::select_block_kernel<xsimd::avx512f>(npu, bench, epsilon);
}

}  // namespace msprobe::metrics
