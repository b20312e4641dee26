#pragma once
// Logical arrays packed into Ascend device layouts, element by element from
// the layouts' index formulas, as a device would store them: the test side
// of the layout conversions in lib/tensor. Padding holds a garbage byte, so a
// converter that reads it is caught.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "tensor/ascend_format.hpp"

namespace msprobe::testing {

// Block sizes of the device layout: C0 (channels), N0 (FRACTAL_Z output
// channels, FRACTAL_NZ columns), M0 (FRACTAL_NZ rows).
struct DeviceBlocks {
    std::int64_t c0 = 16;
    std::int64_t n0 = 16;
    std::int64_t m0 = 16;
};

struct PackedTensor {
    std::vector<std::int64_t> device_shape;
    std::vector<std::byte> bytes;
};

// `logical` holds the row-major elements (element_size bytes each) of a
// `logical_shape` array in the format's logical order: NCHW for NC1HWC0,
// NC1HWC0_C04, FRACTAL_Z, C1HWNCoC0, NHWC and HWCN; NCDHW for NDC1HWC0 and
// FRACTAL_Z_3D; (B..., M, N) or (N) for FRACTAL_NZ.
PackedTensor pack_device_layout(std::span<const std::byte> logical, std::size_t element_size,
                                tensor::AscendFormat format, std::span<const std::int64_t> logical_shape,
                                DeviceBlocks blocks = {}, std::byte garbage = std::byte{0xA5});

}  // namespace msprobe::testing
