#pragma once
// Hands the fused pass one side's elements as contiguous blocks: a pointer
// into the tensor when it is contiguous and of a float dtype, otherwise a
// staged copy gathered across the strides. Integers, bool and complex are
// staged as float64 (complex: real part), the type msprobe computes them in.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "metrics/pair_partial.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::metrics {

class BlockSource {
public:
    // Keeps a reference to `view`, which must outlive the source (a temporary cannot).
    explicit BlockSource(const tensor::TensorView& view);
    explicit BlockSource(tensor::TensorView&&) = delete;

    // The dtype of the elements block() returns.
    tensor::DType block_dtype() const { return block_dtype_; }

    // Elements [begin, begin + count) in row-major order, count <= kBlockElements.
    // Valid until the next call.
    const std::byte* block(std::int64_t begin, std::int64_t count);

private:
    const tensor::TensorView& view_;
    tensor::DType block_dtype_;
    bool direct_;
    std::vector<std::int64_t> index_;  // multi-index walker for gathers
    alignas(64) std::array<std::byte, kBlockElements * sizeof(double)> staging_{};
};

}  // namespace msprobe::metrics
