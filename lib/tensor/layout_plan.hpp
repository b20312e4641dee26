#pragma once
// How a device layout becomes its logical array: a plan of strided copies
// built from xtensor views of the device buffer (the reshape / transpose /
// slice steps one would write in NumPy), and the engines that run it.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tensor/ascend_format.hpp"
#include "tensor/strided_copy.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe {
class ThreadPool;
}

namespace msprobe::tensor {

// How to_logical_layout converts a blocked (or transposed) layout: the
// logical shape and the strided copies (one per combination of full and last,
// partial blocks) from the device buffer into the contiguous result. Exposed
// so the copy engines can be compared and timed on the same plan.
struct LayoutPlan {
    std::vector<std::int64_t> device_shape;
    std::vector<std::int64_t> logical_shape;
    std::vector<StridedCopy> copies;
};
LayoutPlan plan_logical_layout(std::span<const std::int64_t> device_shape, AscendFormat format,
                               std::span<const std::int64_t> original_shape, const std::string& what,
                               std::int32_t sub_format = 0);

// The plan of a plain transpose: result axis i is axis order[i] of a
// contiguous tensor of `shape` (numpy.transpose).
LayoutPlan plan_transpose(std::span<const std::int64_t> shape, std::span<const std::size_t> order);

// The copies cut along the axis the target walks slowest into pieces of
// about `piece_elements` (at least one index of that axis each), so that
// threads share a large tensor evenly.
std::vector<StridedCopy> pieces_of(const std::vector<StridedCopy>& copies, std::int64_t piece_elements);

// Runs a plan on a contiguous tensor of the device shape it was made for
// (anything else is a std::invalid_argument): a new contiguous tensor of
// `device`'s dtype that owns its buffer. With a pool, the copies are cut into
// pieces of a few MiB that the pool's threads share.
enum class CopyEngine : std::uint8_t { Fast, Reference };
TensorView run_layout_plan(const TensorView& device, const LayoutPlan& plan, CopyEngine engine = CopyEngine::Fast,
                           ThreadPool* pool = nullptr);

// The same into `target`, which holds the logical shape's element count.
void run_layout_plan_into(const TensorView& device, const LayoutPlan& plan, std::byte* target,
                          CopyEngine engine = CopyEngine::Fast, ThreadPool* pool = nullptr);

}  // namespace msprobe::tensor
