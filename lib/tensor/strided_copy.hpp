#pragma once
// Copying one strided block of elements into another: the engine behind the
// layout conversions. Elements are moved as bytes of their width, so one copy
// serves every dtype; strides and offsets count elements.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace msprobe::tensor {

struct StridedCopy {
    std::vector<std::int64_t> shape;
    std::vector<std::int64_t> source_strides;
    std::vector<std::int64_t> target_strides;
    std::int64_t source_offset = 0;
    std::int64_t target_offset = 0;
};

// The fast copy: dimensions merged where both sides allow, contiguous runs
// copied whole, and a pair of axes that is contiguous on one side only
// transposed in cache-sized tiles. Element widths 1, 2, 4, 8 and 16.
void copy_strided(const StridedCopy& copy, const std::byte* source, std::byte* target, std::size_t element_size);

// The plain reference the fast copy is tested against: xtensor's assignment
// between the two strided views, one element at a time.
void copy_strided_reference(const StridedCopy& copy, const std::byte* source, std::byte* target,
                            std::size_t element_size);

}  // namespace msprobe::tensor
