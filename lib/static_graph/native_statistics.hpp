#pragma once
// max/min/mean/l2norm of a loaded tensor in its own element type, as the
// MindSpore static-graph compares compute them with NumPy: float16 data
// gives float16 values, so its l2norm can
// overflow to inf.
#include <string>
#include <vector>

#include "report/cell.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::static_graph {

// A numpy scalar: its value and the dtype it prints in.
struct NativeScalar {
    double value = 0.0;
    tensor::DType dtype = tensor::DType::Float64;
};

struct NativeStatistics {
    NativeScalar max;
    NativeScalar min;
    NativeScalar mean;
    NativeScalar l2norm;  // numpy.linalg.norm: ints are widened to float64 first
};

// `values` is tensor::to_double_vector(view) (complex tensors are refused by
// the callers before).
NativeStatistics native_statistics(const tensor::TensorView& view, const std::vector<double>& values);

// str() of the scalar: "44.0", "3.7416575", "inf", "True", "3".
std::string native_text(const NativeScalar& scalar);

// The cell pandas writes for the scalar: a number (booleans as booleans).
report::Cell native_cell(const NativeScalar& scalar);

}  // namespace msprobe::static_graph
