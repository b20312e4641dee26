#pragma once
// The metrics of the two legacy compares, as
// the texts they write into their CSV: ptdbg_ascend 2.x (Cosine, MaxAbsErr)
// and the online dispatch compare (Cosine, MaxAbsErr, MaxRelativeErr). Both
// flatten the arrays to float64 and print six decimals; neither has msprobe's
// inf/nan pre-check or its 12-decimal rounding, which is why they are not the
// fused kernel of lib/metrics.
#include <string>

#include "tensor/tensor_view.hpp"

namespace msprobe::legacy {

struct LegacyMetrics {
    std::string cosine;
    std::string max_abs_err;
    std::string max_relative_err;  // dispatch only
    std::string message;
};

// Python's '{:.6f}'.format(x): "0.000000", "nan", "inf".
std::string six_decimals(double value);

// ptdbg 2.x compare_by_op once both .npy files are loaded.
LegacyMetrics ptdbg_metrics(const tensor::TensorView& npu, const tensor::TensorView& bench);

// ptdbg 2.x "Accuracy Reached or Not": No iff Cosine < 0.99 and MaxAbsErr > 0.001;
// "Unmatched" for a shape mismatch, "Nan" when a cell is Nan or not a number.
std::string ptdbg_accuracy(const std::string& cosine, const std::string& max_abs_err);

// The online dispatch compare of one output pair (npu vs cpu).
LegacyMetrics dispatch_metrics(const tensor::TensorView& npu, const tensor::TensorView& cpu);

// The dispatch rule: No if (Cosine < 0.99 and MaxAbsErr > 0.001) or
// Cosine < 0.9 or MaxAbsErr > 1; "N/A" cells give No.
std::string dispatch_accuracy(const std::string& cosine, const std::string& max_abs_err);

}  // namespace msprobe::legacy
