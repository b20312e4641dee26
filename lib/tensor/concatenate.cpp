#include "tensor/concatenate.hpp"

#include <fmt/format.h>

#include <cstring>
#include <functional>
#include <memory>
#include <numeric>

#include "tensor/strided.hpp"

namespace msprobe::tensor {

std::optional<std::string> concatenation_problem(const std::vector<TensorView>& parts, std::size_t axis) {
    if (parts.empty()) return "nothing to join";
    const TensorView& first = parts.front();
    if (axis >= first.shape.size()) return fmt::format("axis {} of a {}-d tensor", axis, first.shape.size());
    for (const auto& part : parts) {
        if (part.dtype != first.dtype) return "the tensors differ in dtype";
        bool same = part.shape.size() == first.shape.size();
        for (std::size_t d = 0; same && d < first.shape.size(); ++d)
            same = d == axis || part.shape[d] == first.shape[d];
        if (!same) return fmt::format("the tensors differ in a dim other than axis {}", axis);
    }
    return std::nullopt;
}

TensorView concatenated(const std::vector<TensorView>& parts, std::size_t axis) {
    const TensorView& first = parts.front();
    std::vector<TensorView> dense;
    std::vector<std::int64_t> shape = first.shape;
    shape[axis] = 0;
    for (const auto& part : parts) {
        shape[axis] += part.shape[axis];
        dense.push_back(to_contiguous(part));
    }
    const auto product = [](auto begin, auto end) {
        return std::accumulate(begin, end, std::int64_t{1}, std::multiplies<>());
    };
    const auto split = first.shape.begin() + static_cast<std::ptrdiff_t>(axis);
    const std::int64_t outer = product(first.shape.begin(), split);
    const std::int64_t inner = product(split + 1, first.shape.end());
    const std::size_t element = dtype_size(first.dtype);
    auto buffer = std::make_shared<std::vector<std::byte>>(
        static_cast<std::size_t>(product(shape.begin(), shape.end())) * element);
    std::byte* target = buffer->data();
    for (std::int64_t o = 0; o < outer; ++o) {
        for (const auto& part : dense) {
            const auto chunk = static_cast<std::size_t>(part.shape[axis] * inner) * element;
            if (chunk == 0) continue;
            std::memcpy(target, part.data + static_cast<std::size_t>(o) * chunk, chunk);
            target += chunk;
        }
    }
    TensorView joined;
    joined.dtype = first.dtype;
    joined.strides = row_major_strides(shape);
    joined.shape = std::move(shape);
    joined.data = buffer->data();
    joined.owner = buffer;
    return joined;
}

}  // namespace msprobe::tensor
