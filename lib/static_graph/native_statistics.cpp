#include "static_graph/native_statistics.hpp"

#include <cmath>

#include "tensor/numpy_text.hpp"
#include "tensor/tensor_summary.hpp"
#include "tensor/half.hpp"

namespace msprobe::static_graph {

using tensor::DType;

namespace {

// numpy.linalg.norm(x) = sqrt(x.dot(x)): float16's dot accumulates in float32
// and rounds once to float16 (hence inf beyond 65504); float32 stays float32.
NativeScalar l2norm_of(DType dtype, const std::vector<double>& values) {
    double sum = 0.0;
    if (dtype == DType::Float16) {
        float acc = 0.0f;
        for (double v : values) acc += static_cast<float>(v) * static_cast<float>(v);
        const float dot = tensor::half_to_float(tensor::float_to_half(acc));
        const float norm = tensor::half_to_float(tensor::float_to_half(std::sqrt(dot)));
        return {norm, DType::Float16};
    }
    for (double v : values) sum += v * v;
    if (dtype == DType::Float32 || dtype == DType::BFloat16) {
        return {static_cast<double>(std::sqrt(static_cast<float>(sum))), DType::Float32};
    }
    return {std::sqrt(sum), DType::Float64};
}

}  // namespace

NativeStatistics native_statistics(const tensor::TensorView& view, const std::vector<double>& values) {
    const tensor::TensorSummary summary = tensor::summarize(view, values);
    NativeStatistics out;
    out.max = {summary.max, summary.value_dtype};
    out.min = {summary.min, summary.value_dtype};
    out.mean = {summary.mean, summary.mean_dtype};
    out.l2norm = l2norm_of(view.dtype, values);
    return out;
}

std::string native_text(const NativeScalar& scalar) { return tensor::npy_str(scalar.value, scalar.dtype); }

report::Cell native_cell(const NativeScalar& scalar) {
    if (scalar.dtype == DType::Bool) return report::Cell::boolean(scalar.value != 0);
    return report::Cell(scalar.value);
}

}  // namespace msprobe::static_graph
