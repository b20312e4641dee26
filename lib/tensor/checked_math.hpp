#pragma once
// Overflow-checked integer arithmetic for sizes read from untrusted files:
// every product of dimensions goes through here before it is trusted.
#include <cstdint>
#include <optional>
#include <span>

namespace msprobe::tensor {

inline std::optional<std::int64_t> checked_mul(std::int64_t a, std::int64_t b) {
    std::int64_t product = 0;
    if (__builtin_mul_overflow(a, b, &product)) return std::nullopt;
    return product;
}

inline std::optional<std::int64_t> checked_add(std::int64_t a, std::int64_t b) {
    std::int64_t sum = 0;
    if (__builtin_add_overflow(a, b, &sum)) return std::nullopt;
    return sum;
}

// Number of elements of a shape whose dimensions are all >= 0, or nullopt
// when the product of its non-zero dimensions overflows: such a shape is
// refused even when a zero dimension makes it empty, so that any later
// product over it (numel, strides) is safe.
inline std::optional<std::int64_t> element_count(std::span<const std::int64_t> shape) {
    std::int64_t count = 1;
    bool empty = false;
    for (const auto dim : shape) {
        if (dim == 0) {
            empty = true;
            continue;
        }
        const auto next = checked_mul(count, dim);
        if (!next) return std::nullopt;
        count = *next;
    }
    return empty ? 0 : count;
}

}  // namespace msprobe::tensor
