#include "metrics/block_source.hpp"

#include <cstring>

#include "metrics/scalar_reference.hpp"

namespace msprobe::metrics {

using tensor::DType;

BlockSource::BlockSource(const tensor::TensorView& view)
    : view_(view),
      block_dtype_(tensor::is_floating(view.dtype) ? view.dtype : DType::Float64),
      direct_(tensor::is_floating(view.dtype) && view.is_contiguous()),
      index_(view.shape.size(), 0) {}

const std::byte* BlockSource::block(std::int64_t begin, std::int64_t count) {
    const auto element_size = static_cast<std::int64_t>(tensor::dtype_size(view_.dtype));
    if (direct_) return view_.data + begin * element_size;

    const bool convert = block_dtype_ != view_.dtype;
    const auto stage = [&](std::int64_t k, const std::byte* element) {
        if (convert) {
            const double value = read_element_as_double(element, view_.dtype);
            std::memcpy(staging_.data() + k * 8, &value, sizeof value);
        } else {
            std::memcpy(staging_.data() + k * element_size, element, static_cast<std::size_t>(element_size));
        }
    };
    // A 0-d tensor has one element and no index to walk.
    if (index_.empty()) {
        if (count > 0) stage(0, view_.data);
        return staging_.data();
    }

    // Unravel `begin`, then walk the multi-index like an odometer.
    std::int64_t offset = 0;  // in elements
    std::int64_t rest = begin;
    for (std::size_t d = index_.size(); d-- > 0;) {
        index_[d] = rest % view_.shape[d];
        rest /= view_.shape[d];
        offset += index_[d] * view_.strides[d];
    }
    const std::size_t last = index_.size() - 1;
    for (std::int64_t k = 0; k < count; ++k) {
        stage(k, view_.data + offset * element_size);
        if (k + 1 == count) break;
        // Odometer step; a stride is only added while its index stays inside
        // the dimension, so the offset never leaves the elements the view reaches.
        std::size_t d = last;
        while (index_[d] + 1 == view_.shape[d] && d > 0) {
            offset -= index_[d] * view_.strides[d];
            index_[d] = 0;
            --d;
        }
        ++index_[d];
        offset += view_.strides[d];
    }
    return staging_.data();
}

}  // namespace msprobe::metrics
