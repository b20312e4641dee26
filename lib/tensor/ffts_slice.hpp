#pragma once
// FFTS+ auto-split dumps: one file per thread, holding that thread's slice of
// every tensor. The first attribute's value is then a JSON object with a
// truthy "threadMode" and, per thread and tensor, the [lower, higher) range
// of every dim ("input_tensor_slice", "output_tensor_slice").
#include <cstdint>
#include <optional>
#include <vector>

#include "tensor/bin_header.hpp"

namespace msprobe::tensor {

// Per thread, per tensor: the slice's shape.
using SliceShapes = std::vector<std::vector<std::vector<std::int64_t>>>;

struct FftsAutoSplit {
    std::int64_t slice_instance_num = 0;  // thread count
    SliceShapes input_slices;
    SliceShapes output_slices;
    std::vector<std::vector<std::int64_t>> output_cut_list;  // per output, cuts per dim
};

// The auto-split description of a dump, or nullopt when it has none: no
// attribute, a first attribute that is not a JSON object, or no truthy
// "threadMode" (such attributes belong to other features, not errors).
std::optional<FftsAutoSplit> ffts_auto_split(const std::vector<BinAttr>& attrs);

}  // namespace msprobe::tensor
