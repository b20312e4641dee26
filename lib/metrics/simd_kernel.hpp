#pragma once
// The vectorised block kernels, one set per instruction set (each built in
// its own translation unit with that set's compiler flags). A block kernel
// adds one block (at most kBlockElements elements) of two contiguous arrays to
// a PairPartial, exactly like reference_accumulate_contiguous().
#include <cstddef>
#include <cstdint>

#include "metrics/pair_partial.hpp"
#include "metrics/relative_error.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::metrics {

using BlockKernel = void (*)(const std::byte* npu, const std::byte* bench, std::int64_t count, PairPartial& into);

// nullptr when the dtype pair is not vectorised: float16/bfloat16/float32 in
// any combination, and float64 with float64, are; under either epsilon rule.
#if defined(MSPROBE_METRICS_X86)
BlockKernel block_kernel_sse2(tensor::DType npu, tensor::DType bench, RelativeEpsilon epsilon);
BlockKernel block_kernel_avx2(tensor::DType npu, tensor::DType bench, RelativeEpsilon epsilon);
#endif
#if defined(MSPROBE_METRICS_WITH_AVX512)
BlockKernel block_kernel_avx512(tensor::DType npu, tensor::DType bench, RelativeEpsilon epsilon);
#endif
#if defined(MSPROBE_METRICS_NEON)
BlockKernel block_kernel_neon(tensor::DType npu, tensor::DType bench, RelativeEpsilon epsilon);
#endif

}  // namespace msprobe::metrics
