#pragma once
// Two tensor files compared the way msprobe's parse tool `cn` compares them
// (float32, zero padding on a size mismatch, AllClose, CosSim, error table),
// plus the compare command's six metrics from the metric kernel, where the
// largest absolute and relative errors sit, and how the relative errors spread.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "metrics/tensor_metrics.hpp"
#include "tensor/tensor_summary.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::parse {

struct DiffOptions {
    double atol = 0.001;  // -al
    double rtol = 0.001;  // -rl
    std::int64_t print_rows = 20;  // -p: rows of each table
};

// One row of the Error/Top item tables (float32 values, as cn prints them).
struct DiffRow {
    std::int64_t index = 0;
    float left = 0;
    float right = 0;
    float diff = 0;
};

// Where an element-wise error peaks: flat position, index in the left shape,
// both values and the error there.
struct ErrorLocation {
    std::int64_t flat = 0;
    std::vector<std::int64_t> index;
    double left = 0;
    double right = 0;
    double error = 0;
};

// Counts of element-wise relative errors (the kernel's definition) per decade.
struct RelativeErrorHistogram {
    static constexpr std::size_t kBins = 10;
    // "0", "(0, 1e-06)", "[1e-06, 1e-05)", ..., "[0.1, 1)", ">= 1", "nan"
    static const std::array<const char*, kBins>& labels();
    std::array<std::int64_t, kBins> counts{};
};

struct TensorDiff {
    tensor::TensorSummary left;
    tensor::TensorSummary right;
    bool shape_mismatch = false;  // warned by cn: "Data shape not equal"
    bool size_mismatch = false;   // warned by cn: "Data size not equal"; the shorter one is zero padded
    std::int64_t count = 0;       // NumCnt (after padding)
    bool allclose = false;
    float cosine = 0;
    std::int64_t error_count = 0;
    double error_ratio = 0;       // ErrorPer
    std::vector<DiffRow> errors;  // Error Item Table (first print_rows)
    std::vector<DiffRow> top;     // Top Item Table (first print_rows)
    float max_abs_err = 0;        // max |l - r| in float32
    float max_rel_err = 0;        // max |l - r| / (|r| + eps32) in float32

    // The compare command's metrics for this pair (left = NPU, right = bench).
    metrics::PairMetrics kernel;
    // Present when both tensors have the same number of elements.
    std::optional<ErrorLocation> max_abs_location;
    std::optional<ErrorLocation> max_rel_location;
    std::optional<RelativeErrorHistogram> histogram;
};

// `left_values`/`right_values` are tensor::tensor_values() of the views.
TensorDiff diff_tensors(const tensor::TensorView& left, const std::vector<double>& left_values,
                        const tensor::TensorView& right, const std::vector<double>& right_values,
                        const DiffOptions& options);

// cn's warnings for a pair of different shapes / sizes:
// "Data shape not equal: (2, 2) vs (3,)", "Data size not equal: (4,) vs (3,)".
std::vector<std::string> diff_warnings(const TensorDiff& diff);

}  // namespace msprobe::parse
