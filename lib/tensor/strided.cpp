#include "tensor/strided.hpp"

#include <algorithm>
#include <cstring>
#include <memory>

namespace msprobe::tensor {

std::vector<std::int64_t> row_major_strides(const std::vector<std::int64_t>& shape) {
    std::vector<std::int64_t> strides(shape.size());
    std::int64_t step = 1;
    for (std::size_t i = shape.size(); i-- > 0;) {
        strides[i] = step;
        step *= std::max<std::int64_t>(shape[i], 1);
    }
    return strides;
}

TensorView to_contiguous(const TensorView& view) {
    if (view.is_contiguous()) return view;
    const std::size_t element_size = dtype_size(view.dtype);
    const auto count = static_cast<std::size_t>(view.numel());
    std::shared_ptr<std::byte[]> buffer(new std::byte[count * element_size]);
    std::byte* target = buffer.get();
    for_each_element(view, [&](const std::byte* element) {
        std::memcpy(target, element, element_size);
        target += element_size;
    });
    TensorView dense;
    dense.dtype = view.dtype;
    dense.shape = view.shape;
    dense.strides.assign(view.shape.size(), 1);
    for (std::size_t i = view.shape.size(); i-- > 1;) dense.strides[i - 1] = dense.strides[i] * view.shape[i];
    dense.data = buffer.get();
    dense.owner = std::move(buffer);
    return dense;
}

}  // namespace msprobe::tensor
