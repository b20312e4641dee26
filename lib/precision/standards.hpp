#pragma once
// The precision standards of run_ut on plain arrays:
// binary consistency, absolute threshold, ULP, thousandth, benchmark and
// accumulative error. Each fills its own metric cells of a detail row; none
// decides the run_ut status (api_precision_compare judges them later).
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "precision/detail_row.hpp"
#include "precision/numpy_float.hpp"
#include "precision/standard_selection.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::precision {

// The standard's name in api_precision_compare's 比对算法 column.
std::string standard_algorithm_name(Standard standard);

// Thresholds of StandardConfig by device dtype (float16, bfloat16, anything else = float32).
struct StandardThresholds {
    double small_value;        // benchmark and absolute threshold
    double small_value_atol_absolute;
    double small_value_atol_benchmark;
    double rtol;               // absolute threshold
    double accumulative_bound;
    double minimum_error;      // api_precision_compare ratio floor
    double accumulative_eb;    // api_precision_compare error-balance bound
    int ulp_min_exponent;
    int ulp_mantissa_bits;
    double ulp_threshold;
};
StandardThresholds thresholds_for(tensor::DType device_dtype);

// A bench/device pair of floating arrays as NumPy sees them: values held as
// doubles, each array with its NumPy dtype (a bfloat16 device array is
// float32 here), plus the device's original dtype that picks the thresholds.
struct FloatPair {
    std::span<const double> bench;
    Fp bench_fp;
    std::span<const double> device;
    Fp device_fp;
    tensor::DType device_dtype;
};

// msprobe's rel_err_origin: |abs_err / (|b| + eps_b)| in the wider dtype.
void relative_errors(const FloatPair& pair, std::span<double> out);
// np.abs(d - b) in the wider dtype.
void absolute_errors(const FloatPair& pair, std::span<double> out);
// #(rel < threshold) / N compared in the dtype of rel (1 when N == 0), and whether it is > 1 - threshold.
struct RatioResult {
    MetricValue value;
    bool passed;
};
RatioResult rel_err_ratio(std::span<const double> rel_err, Fp fp, double threshold);

// Fills the metric cells of `standard` into `row`.
void apply_standard(Standard standard, const FloatPair& pair, DetailRow& row);

}  // namespace msprobe::precision
