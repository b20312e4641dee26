#pragma once
// Walking a strided TensorView in logical row-major order (last index
// fastest), whatever its strides, and making dense copies of it.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "tensor/tensor_view.hpp"

namespace msprobe::tensor {

// Calls visit(const std::byte* element) for every element in row-major order.
template <class Visit>
void for_each_element(const TensorView& view, Visit&& visit) {
    if (view.numel() == 0) return;
    const std::size_t rank = view.shape.size();
    const auto element_size = static_cast<std::int64_t>(dtype_size(view.dtype));
    if (rank == 0) {
        visit(view.data);
        return;
    }
    std::vector<std::int64_t> index(rank, 0);
    const std::int64_t inner_size = view.shape[rank - 1];
    const std::int64_t inner_step = view.strides[rank - 1] * element_size;
    const std::byte* row = view.data;
    while (true) {
        const std::byte* element = row;
        for (std::int64_t i = 0; i < inner_size; ++i) {
            visit(element);
            if (i + 1 < inner_size) element += inner_step;
        }
        // Odometer over the outer dimensions. A stride is only ever added
        // while its index stays inside the dimension, so the pointer never
        // leaves the elements the view reaches (the stride of a size-1
        // dimension may be anything a file says).
        std::size_t dim = rank - 1;
        while (true) {
            if (dim == 0) return;
            --dim;
            if (index[dim] + 1 < view.shape[dim]) {
                ++index[dim];
                row += view.strides[dim] * element_size;
                break;
            }
            row -= index[dim] * view.strides[dim] * element_size;
            index[dim] = 0;
        }
    }
}

// Strides (in elements) of a dense row-major array of `shape`; a zero dim
// counts as 1 so that the strides stay meaningful for an empty array.
std::vector<std::int64_t> row_major_strides(const std::vector<std::int64_t>& shape);

// A row-major contiguous view of the same elements: `view` itself when it
// already is one, otherwise a copy that owns its buffer.
TensorView to_contiguous(const TensorView& view);

}  // namespace msprobe::tensor
