#pragma once
// msprobe's 0-d case: no inf/nan zeroing,
// no shape or dtype check, and MaxAbsErr computed in NumPy's promoted native
// type (integer wrap-around included) rather than float64. The 0-d NPU value
// is broadcast against the bench tensor, as NumPy would.
#include "metrics/relative_error.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::metrics {

struct ZeroDimErrors {
    double max_abs_err;       // unformatted; nan when nan
    double max_relative_err;  // unformatted; nan when nan
};

// npu is 0-d; bench has any shape (usually 0-d too). nan values for an empty bench.
ZeroDimErrors zero_dim_errors(const tensor::TensorView& npu, const tensor::TensorView& bench,
                              RelativeEpsilon epsilon = RelativeEpsilon::Float64);

}  // namespace msprobe::metrics
