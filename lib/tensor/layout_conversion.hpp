#pragma once
// Ascend device layouts -> logical arrays, and logical arrays -> the plain
// layout a user asks for (`parse -d -f TARGET`).
//
// A kernel dump stores each tensor in its device layout (`format`, device
// `shape`) next to the framework's view of it (`original_shape`). Blocked
// layouts (NC1HWC0, FRACTAL_Z, FRACTAL_NZ, ...) split an axis into blocks of
// C0/N0/M0 elements and pad the last block; the block sizes are read from the
// device shape, and padding is dropped whatever it holds.
//
// Usage by a dump reader:
//   TensorView device = ...;   // contiguous, device shape, header dtype
//   auto format = static_cast<AscendFormat>(header.format);
//   TensorView logical = to_logical_layout(device, format, header.original_shape, file, header.sub_format);
//   AscendFormat layout = logical_format(format, device.shape.size());    // NCHW, NCDHW, ND, ...
//   TensorView wanted = to_target_layout(logical, layout, parse_format(f_argument, file), file);
// Every inconsistency (a device shape that cannot hold the original shape,
// an unknown or undocumented format, grouped FRACTAL_Z) is an
// msprobe::Error(what, reason); nothing is read outside the device view. A
// reader that keeps the device array of a tensor it cannot convert asks
// layout_kind() first (Unconvertible) or catches that error. A command's
// ThreadPool may be passed as the last argument of either conversion.
#include <cstdint>
#include <span>
#include <string>

#include "tensor/ascend_format.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe {
class ThreadPool;
}

namespace msprobe::tensor {

// The plain layout to_logical_layout gives for a tensor of `format` whose
// device shape has `device_rank` dims: NCHW (NC1HWC0, NC1HWC0_C04, FRACTAL_Z,
// C1HWNCoC0, and 4-D NHWC/HWCN/NCHW), NCDHW (NDC1HWC0, FRACTAL_Z_3D), the
// format itself for a plain format whose letters match the rank (NCDHW,
// NDHWC, CN, ...), ND otherwise (FRACTAL_NZ, ND, a 3-D NCHW tensor, ...).
AscendFormat logical_format(AscendFormat format, std::size_t device_rank);

// The logical values of a device-layout tensor: a new contiguous tensor of
// the same dtype in the layout logical_format() names, shaped as
// `original_shape` (NHWC/HWCN: its NCHW transpose). Plain layouts need no
// conversion: the device view itself is returned (made contiguous if it was
// not), whatever original_shape says (a sliced FFTS+ tensor may differ).
// `sub_format` is FRACTAL_Z's group count (0 or 1: no groups). With a pool,
// its threads share the copying of a large tensor.
TensorView to_logical_layout(const TensorView& device, AscendFormat format,
                             std::span<const std::int64_t> original_shape, const std::string& what,
                             std::int32_t sub_format = 0, ThreadPool* pool = nullptr);

// A logical tensor (layout `from`, as logical_format() gave it) in the plain
// layout `target`: a transpose between layouts of the same axes (NCHW ->
// NHWC, HWCN, CHWN; NCDHW -> NDHWC, DHWCN, DHWNC; NC -> CN), unchanged when
// either side is ND (no named axes to move). Device layouts as targets and
// layouts with other axes are an msprobe::Error.
TensorView to_target_layout(const TensorView& logical, AscendFormat from, AscendFormat target,
                            const std::string& what, ThreadPool* pool = nullptr);

}  // namespace msprobe::tensor
