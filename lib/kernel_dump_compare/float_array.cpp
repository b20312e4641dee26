#include "kernel_dump_compare/float_array.hpp"

#include <algorithm>
#include <complex>
#include <cstring>

#include "tensor/half.hpp"
#include "tensor/layout_plan.hpp"
#include "tensor/strided.hpp"
#include "tensor/strided_copy.hpp"
#include "tensor/widen.hpp"

namespace msprobe::kernel_dump_compare {

namespace {

template <class T>
T load(const std::byte* p) {
    T value;
    std::memcpy(&value, p, sizeof(T));
    return value;
}

float as_float(tensor::DType dtype, const std::byte* p) {
    using tensor::DType;
    switch (dtype) {
        case DType::Float16: return tensor::half_to_float(load<std::uint16_t>(p));
        case DType::BFloat16: return tensor::bfloat16_to_float(load<std::uint16_t>(p));
        case DType::Float32: return load<float>(p);
        case DType::Float64: return static_cast<float>(load<double>(p));
        case DType::Int8: return static_cast<float>(load<std::int8_t>(p));
        case DType::Int16: return static_cast<float>(load<std::int16_t>(p));
        case DType::Int32: return static_cast<float>(load<std::int32_t>(p));
        case DType::Int64: return static_cast<float>(load<std::int64_t>(p));
        case DType::UInt8: return static_cast<float>(load<std::uint8_t>(p));
        case DType::Bool: return load<std::uint8_t>(p) != 0 ? 1.0F : 0.0F;
        case DType::Complex64: return load<std::complex<float>>(p).real();
        case DType::Complex128: return static_cast<float>(load<std::complex<double>>(p).real());
    }
    return 0.0F;
}

std::vector<std::int64_t> row_major(std::span<const std::int64_t> shape) {
    std::vector<std::int64_t> strides(shape.size(), 1);
    for (std::size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
    return strides;
}

}  // namespace

std::int64_t element_count_of(std::span<const std::int64_t> shape) {
    std::int64_t count = 1;
    for (const auto d : shape) count *= d;
    return count;
}

std::vector<float> float32_values(const tensor::TensorView& view) {
    std::vector<float> values;
    const auto n = static_cast<std::size_t>(std::max<std::int64_t>(view.numel(), 0));
    if (view.dtype == tensor::DType::Float32 && view.is_contiguous()) {
        values.resize(n);
        if (n != 0) std::memcpy(values.data(), view.data, n * sizeof(float));
        return values;
    }
    if (view.dtype == tensor::DType::Float16 && view.is_contiguous()) {
        values.resize(n);
        tensor::widen_float16(view.data, n, values.data());
        return values;
    }
    values.reserve(n);
    tensor::for_each_element(view, [&](const std::byte* p) { values.push_back(as_float(view.dtype, p)); });
    return values;
}

Float32Values Float32Values::owning(std::vector<float> values) {
    Float32Values v;
    v.copy = std::move(values);
    v.values = v.copy;
    return v;
}

std::vector<float> Float32Values::take() && {
    if (!copy.empty() || values.empty()) return std::move(copy);
    return {values.begin(), values.end()};
}

Float32Values float32_view(const tensor::TensorView& view) {
    const bool aligned = reinterpret_cast<std::uintptr_t>(view.data) % alignof(float) == 0;
    if (view.dtype == tensor::DType::Float32 && view.is_contiguous() && aligned) {
        Float32Values v;
        v.values = std::span(reinterpret_cast<const float*>(view.data), static_cast<std::size_t>(view.numel()));
        v.owner = view.owner;
        return v;
    }
    return Float32Values::owning(float32_values(view));
}

FloatArray transposed(const FloatArray& array, std::span<const std::size_t> axes) {
    tensor::TensorView view;
    view.dtype = tensor::DType::Float32;
    view.shape = array.shape;
    view.strides = row_major(array.shape);
    view.data = reinterpret_cast<const std::byte*>(array.values.data());
    const tensor::LayoutPlan plan = tensor::plan_transpose(array.shape, axes);
    FloatArray out;
    out.shape = plan.logical_shape;
    out.values.resize(array.values.size());
    tensor::run_layout_plan_into(view, plan, reinterpret_cast<std::byte*>(out.values.data()));
    return out;
}

FloatArray cropped(const FloatArray& array, std::span<const std::int64_t> limits) {
    FloatArray out;
    out.shape = array.shape;
    for (std::size_t i = 0; i < limits.size() && i < out.shape.size(); ++i) {
        out.shape[i] = std::min(out.shape[i], std::max<std::int64_t>(limits[i], 0));
    }
    if (out.shape == array.shape) return array;
    out.values.resize(static_cast<std::size_t>(element_count_of(out.shape)));
    if (out.values.empty()) return out;
    tensor::StridedCopy copy;
    copy.shape = out.shape;
    copy.source_strides = row_major(array.shape);
    copy.target_strides = row_major(out.shape);
    tensor::copy_strided(copy, reinterpret_cast<const std::byte*>(array.values.data()),
                         reinterpret_cast<std::byte*>(out.values.data()), sizeof(float));
    return out;
}

}  // namespace msprobe::kernel_dump_compare
