#include "tensor/widen.hpp"

#include <bit>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "tensor/half.hpp"
#include "tensor/strided.hpp"

namespace msprobe::tensor {

void widen_float16(const std::byte* halves, std::size_t count, float* __restrict out) {
    // Normal numbers, inf and NaN by re-biasing the bits; subnormals through their integer value times 2^-24,
    // which is exact.
    for (std::size_t i = 0; i < count; ++i) {
        std::uint16_t h;
        std::memcpy(&h, halves + 2 * i, 2);
        const std::uint32_t magnitude = h & 0x7FFFU;
        const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000U) << 16;
        const std::uint32_t normal = (magnitude << 13) + (magnitude >= 0x7C00U ? 0x70000000U : 0x38000000U);
        const float subnormal = static_cast<float>(magnitude) * 5.9604644775390625e-8F;
        const std::uint32_t bits = magnitude < 0x0400U ? std::bit_cast<std::uint32_t>(subnormal) : normal;
        out[i] = std::bit_cast<float>(bits | sign);
    }
}

TensorView widened_to_float32(const TensorView& view) {
    if (view.dtype != DType::Float16 && view.dtype != DType::BFloat16) {
        throw std::invalid_argument("widened_to_float32 takes float16 or bfloat16 tensors");
    }
    auto values = std::make_shared<std::vector<float>>();
    const bool half = view.dtype == DType::Float16;
    if (half && view.is_contiguous()) {
        values->resize(static_cast<std::size_t>(view.numel()));
        widen_float16(view.data, values->size(), values->data());
    } else {
        values->reserve(static_cast<std::size_t>(view.numel()));
        for_each_element(view, [&](const std::byte* element) {
            std::uint16_t bits;
            std::memcpy(&bits, element, sizeof bits);
            values->push_back(half ? half_to_float(bits) : bfloat16_to_float(bits));
        });
    }
    TensorView out;
    out.dtype = DType::Float32;
    out.shape = view.shape;
    out.strides.assign(view.shape.size(), 1);
    for (std::size_t i = view.shape.size(); i-- > 1;) out.strides[i - 1] = out.strides[i] * view.shape[i];
    out.data = reinterpret_cast<const std::byte*>(values->data());
    out.owner = values;
    return out;
}

}  // namespace msprobe::tensor
