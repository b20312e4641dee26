#include "tensor/widen.hpp"

#include <cstring>
#include <stdexcept>
#include <vector>

#include "tensor/half.hpp"
#include "tensor/strided.hpp"

namespace msprobe::tensor {

TensorView widened_to_float32(const TensorView& view) {
    if (view.dtype != DType::Float16 && view.dtype != DType::BFloat16) {
        throw std::invalid_argument("widened_to_float32 takes float16 or bfloat16 tensors");
    }
    auto values = std::make_shared<std::vector<float>>();
    values->reserve(static_cast<std::size_t>(view.numel()));
    const bool half = view.dtype == DType::Float16;
    for_each_element(view, [&](const std::byte* element) {
        std::uint16_t bits;
        std::memcpy(&bits, element, sizeof bits);
        values->push_back(half ? half_to_float(bits) : bfloat16_to_float(bits));
    });
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
