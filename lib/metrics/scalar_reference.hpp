#pragma once
// The scalar reference of the fused pass: one obviously-correct loop per
// element, any dtype, any strides. It is the oracle the SIMD kernels are
// tested against, and the fallback for dtype pairs they do not vectorise.
// It follows the summation order documented in pair_partial.hpp.
#include <cstddef>
#include <cstdint>

#include "metrics/pair_partial.hpp"
#include "metrics/relative_error.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::metrics {

// Elements [begin, end) in row-major order of two views of the same shape,
// cut into blocks from `begin`; relative errors under `epsilon` (relative_error.hpp).
PairPartial reference_accumulate(const tensor::TensorView& npu, const tensor::TensorView& bench,
                                 std::int64_t begin, std::int64_t end,
                                 RelativeEpsilon epsilon = RelativeEpsilon::Float64);

// The same over two contiguous arrays; the blocks' sums are added to `into`.
void reference_accumulate_contiguous(const std::byte* npu, tensor::DType npu_dtype, const std::byte* bench,
                                     tensor::DType bench_dtype, std::int64_t count, PairPartial& into,
                                     RelativeEpsilon epsilon = RelativeEpsilon::Float64);

// Byte offset from view.data of the element with row-major index `flat`.
std::int64_t element_byte_offset(const tensor::TensorView& view, std::int64_t flat);

// One element of a view as a double: bfloat16/float16 exactly, integers and
// bool like NumPy's astype(float), complex as its real part.
double read_element_as_double(const std::byte* element, tensor::DType dtype);

}  // namespace msprobe::metrics
