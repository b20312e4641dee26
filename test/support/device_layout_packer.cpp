#include "support/device_layout_packer.hpp"

#include <cstring>
#include <functional>
#include <stdexcept>

namespace msprobe::testing {
namespace {

using Index = std::vector<std::int64_t>;

std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

// Where a logical index lands in the device array, and that array's shape.
struct DeviceMap {
    std::vector<std::int64_t> shape;
    std::function<std::int64_t(const Index&)> offset;
};

DeviceMap device_map(tensor::AscendFormat format, const Index& s, const DeviceBlocks& b) {
    using enum tensor::AscendFormat;
    switch (format) {
        case NC1HWC0:
        case NC1HWC0_C04: {
            const std::int64_t c1 = ceil_div(s[1], b.c0);
            return {{s[0], c1, s[2], s[3], b.c0}, [=](const Index& i) {
                        return (((i[0] * c1 + i[1] / b.c0) * s[2] + i[2]) * s[3] + i[3]) * b.c0 + i[1] % b.c0;
                    }};
        }
        case FRACTAL_Z: {
            const std::int64_t c1 = ceil_div(s[1], b.c0);
            const std::int64_t n1 = ceil_div(s[0], b.n0);
            return {{c1 * s[2] * s[3], n1, b.n0, b.c0}, [=](const Index& i) {
                        const std::int64_t row = (i[1] / b.c0) * s[2] * s[3] + i[2] * s[3] + i[3];
                        return ((row * n1 + i[0] / b.n0) * b.n0 + i[0] % b.n0) * b.c0 + i[1] % b.c0;
                    }};
        }
        case FRACTAL_Z_3D: {
            const std::int64_t c1 = ceil_div(s[1], b.c0);
            const std::int64_t n1 = ceil_div(s[0], b.n0);
            return {{s[2] * c1 * s[3] * s[4], n1, b.n0, b.c0}, [=](const Index& i) {
                        const std::int64_t row = ((i[2] * c1 + i[1] / b.c0) * s[3] + i[3]) * s[4] + i[4];
                        return ((row * n1 + i[0] / b.n0) * b.n0 + i[0] % b.n0) * b.c0 + i[1] % b.c0;
                    }};
        }
        case FRACTAL_NZ: {
            const Index matrix = s.size() == 1 ? Index{1, s[0]} : s;
            const std::size_t k = matrix.size();
            const std::int64_t m1 = ceil_div(matrix[k - 2], b.m0);
            const std::int64_t n1 = ceil_div(matrix[k - 1], b.n0);
            Index shape(matrix.begin(), matrix.end() - 2);
            shape.insert(shape.end(), {n1, m1, b.m0, b.n0});
            return {shape, [=](const Index& logical) {
                        const Index i = logical.size() == 1 ? Index{0, logical[0]} : logical;
                        std::int64_t batch = 0;
                        for (std::size_t d = 0; d + 2 < k; ++d) batch = batch * matrix[d] + i[d];
                        const std::int64_t m = i[k - 2];
                        const std::int64_t n = i[k - 1];
                        return (((batch * n1 + n / b.n0) * m1 + m / b.m0) * b.m0 + m % b.m0) * b.n0 + n % b.n0;
                    }};
        }
        case NDC1HWC0: {
            const std::int64_t c1 = ceil_div(s[1], b.c0);
            return {{s[0], s[2], c1, s[3], s[4], b.c0}, [=](const Index& i) {
                        return ((((i[0] * s[2] + i[2]) * c1 + i[1] / b.c0) * s[3] + i[3]) * s[4] + i[4]) * b.c0 +
                               i[1] % b.c0;
                    }};
        }
        case C1HWNCoC0: {
            const std::int64_t c1 = ceil_div(s[1], b.c0);
            return {{c1, s[2], s[3], s[0], b.c0, b.c0}, [=](const Index& i) {
                        const std::int64_t k = i[1] % b.c0;
                        return (((((i[1] / b.c0) * s[2] + i[2]) * s[3] + i[3]) * s[0] + i[0]) * b.c0 + k) * b.c0 + k;
                    }};
        }
        case NHWC:
            return {{s[0], s[2], s[3], s[1]},
                    [=](const Index& i) { return ((i[0] * s[2] + i[2]) * s[3] + i[3]) * s[1] + i[1]; }};
        case HWCN:
            return {{s[2], s[3], s[1], s[0]},
                    [=](const Index& i) { return ((i[2] * s[3] + i[3]) * s[1] + i[1]) * s[0] + i[0]; }};
        default: throw std::invalid_argument("pack_device_layout: no packer for this format");
    }
}

}  // namespace

PackedTensor pack_device_layout(std::span<const std::byte> logical, std::size_t element_size,
                                tensor::AscendFormat format, std::span<const std::int64_t> logical_shape,
                                DeviceBlocks blocks, std::byte garbage) {
    const Index shape(logical_shape.begin(), logical_shape.end());
    const DeviceMap map = device_map(format, shape, blocks);
    std::int64_t device_count = 1;
    for (const auto d : map.shape) device_count *= d;
    PackedTensor packed{map.shape,
                        std::vector<std::byte>(static_cast<std::size_t>(device_count) * element_size, garbage)};
    std::int64_t logical_count = 1;
    for (const auto d : shape) logical_count *= d;
    if (logical.size() != static_cast<std::size_t>(logical_count) * element_size) {
        throw std::invalid_argument("pack_device_layout: logical bytes do not match the shape");
    }
    Index index(shape.size(), 0);
    for (std::int64_t flat = 0; flat < logical_count; ++flat) {
        const auto target = static_cast<std::size_t>(map.offset(index)) * element_size;
        std::memcpy(packed.bytes.data() + target, logical.data() + static_cast<std::size_t>(flat) * element_size,
                    element_size);
        for (std::size_t d = shape.size(); d-- > 0;) {
            if (++index[d] < shape[d]) break;
            index[d] = 0;
        }
    }
    return packed;
}

}  // namespace msprobe::testing
