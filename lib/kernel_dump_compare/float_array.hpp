#pragma once
// A dense row-major float32 array: the values msaccucmp compares (every
// tensor is cast to float32 before its metrics) with the shape NumPy would
// give them, and the reshape / transpose / crop steps its format converters
// are made of.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "tensor/tensor_view.hpp"

namespace msprobe::kernel_dump_compare {

struct FloatArray {
    std::vector<std::int64_t> shape;
    std::vector<float> values;
};

// `view`'s elements in row-major order as float32 (numpy's astype: ints and
// doubles rounded to nearest, bool as 0/1). Complex values keep their real
// part, as numpy's cast does (with a warning).
std::vector<float> float32_values(const tensor::TensorView& view);

// The same values without a copy when `view` already holds contiguous,
// aligned float32 elements (a golden .npy, an ND float32 dump): `values`
// then points into the view's memory, which `owner` keeps alive.
struct Float32Values {
    std::vector<float> copy;
    std::span<const float> values;
    std::shared_ptr<const void> owner;

    Float32Values() = default;
    Float32Values(Float32Values&&) noexcept = default;  // a moved vector keeps its buffer: `values` stays valid
    Float32Values& operator=(Float32Values&&) noexcept = default;
    Float32Values(const Float32Values&) = delete;
    Float32Values& operator=(const Float32Values&) = delete;

    static Float32Values owning(std::vector<float> values);
    std::vector<float> take() &&;  // the values as a vector of their own (a copy only for a view)
};
Float32Values float32_view(const tensor::TensorView& view);

// numpy.transpose: axis i of the result is axis axes[i] of `array`.
FloatArray transposed(const FloatArray& array, std::span<const std::size_t> axes);

// array[:limits[0], :limits[1], ...] over the leading dims `limits` names (a
// limit beyond a dim keeps the dim whole).
FloatArray cropped(const FloatArray& array, std::span<const std::int64_t> limits);

// The product of `shape`'s dims (1 for no dims).
std::int64_t element_count_of(std::span<const std::int64_t> shape);

}  // namespace msprobe::kernel_dump_compare
