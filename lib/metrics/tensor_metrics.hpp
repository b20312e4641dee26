#pragma once
// The tensor step of msprobe's real-data compare
// for one loaded pair: pre-checks, the six metrics with msprobe's exact
// semantics and messages, plus float64 statistics of both sides, all from one
// fused pass over the data.
//
// compare_tensors() does everything on the calling thread. A caller that
// wants to split one huge tensor across threads uses the four steps below it:
// plan, accumulate every chunk (any thread), merge in chunk order, finish. The
// result is bit-identical to compare_tensors() whatever the thread count.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "metrics/error_cells.hpp"
#include "metrics/kernel_selection.hpp"
#include "metrics/metric_cell.hpp"
#include "metrics/pair_partial.hpp"
#include "metrics/relative_error.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::metrics {

// Statistics of one tensor as loaded, in float64: max/min/mean propagate nan
// (and inf) like torch/NumPy; l2norm = sqrt(sum x^2).
struct SideStatistics {
    double max = 0.0;
    double min = 0.0;
    double mean = 0.0;
    double l2norm = 0.0;
};

struct CompareOptions {
    // Reproduce msprobe's 16-fold repetition of the 0-d sentence (docs/compatibility.md row 10).
    // Default: the sentence appears once.
    bool strict_compat = false;
    // The self-checked set (kernel_selection.hpp); tests pin one.
    KernelIsa kernel = selected_kernel_isa();
    // Which epsilon shifts zero bench elements (relative_error.hpp): April's or August's.
    RelativeEpsilon relative_epsilon = RelativeEpsilon::Float64;
    bool shape_before_zero_dim = false;  // plan_comparison(); set with the August epsilon
};

struct PairMetrics {
    MetricCell cosine;
    MetricCell euc_dist;
    MetricCell max_abs_err;
    MetricCell max_relative_err;
    MetricCell one_thousandth_err_ratio;
    MetricCell five_thousandths_err_ratio;
    // The tensor step's part of Err_message: pre-check message, then each
    // metric's message in column order (the caller appends it to the cell and
    // adds the fuzzy-match suffix).
    std::string message;
    // Set when a pre-check failed and all six cells hold its placeholder.
    std::optional<PairError> error;
    // Present whenever the data were read (not for empty or shape-mismatched pairs).
    std::optional<SideStatistics> npu_statistics;
    std::optional<SideStatistics> bench_statistics;
};

// The whole tensor step on the calling thread.
PairMetrics compare_tensors(const tensor::TensorView& npu, const tensor::TensorView& bench,
                            const CompareOptions& options = {});

// Runs body(i) for every i in [0, count), possibly concurrently, and returns
// when all calls have finished.
using ParallelFor = std::function<void(std::int64_t count, const std::function<void(std::int64_t)>& body)>;

// The same, with the chunks of a large pair spread by `parallel_for`.
PairMetrics compare_tensors(const tensor::TensorView& npu, const tensor::TensorView& bench,
                            const CompareOptions& options, const ParallelFor& parallel_for);

// All six cells hold the placeholder of `error`.
PairMetrics error_metrics(PairError error, std::string message);

// ---- building blocks for callers that parallelise one pair ----

// The outcome of the pre-checks that need no pass over the data.
struct PairPlan {
    enum class Kind : unsigned char {
        Failed,    // `error` says why; no pass
        ZeroDim,   // NPU tensor is 0-d: computed in finish_comparison
        Streamed,  // accumulate chunks [0, chunk_count)
    };
    Kind kind = Kind::Failed;
    std::optional<PairError> error;
    std::int64_t numel = 0;
    std::int64_t chunk_count = 0;
    bool dtype_mismatch = false;
};

// `shape_before_zero_dim`: a 0-d NPU tensor against a bench of another shape is a
// shape mismatch (msprobe from August 2026), not compared by broadcasting.
PairPlan plan_comparison(const tensor::TensorView& npu, const tensor::TensorView& bench,
                         bool shape_before_zero_dim = false);

// Elements [i * kChunkElements, (i + 1) * kChunkElements) of a Streamed pair.
PairPartial accumulate_chunk(const tensor::TensorView& npu, const tensor::TensorView& bench,
                             std::int64_t chunk_index, KernelIsa kernel,
                             RelativeEpsilon epsilon = RelativeEpsilon::Float64);

// `merged` is the chunks' partials merged in chunk order (empty unless Streamed).
PairMetrics finish_comparison(const PairPlan& plan, const PairPartial& merged, const tensor::TensorView& npu,
                              const tensor::TensorView& bench, const CompareOptions& options);

// Raw statistics of one side rebuilt from its accumulator (count elements).
SideStatistics side_statistics(const SideAccumulator& side, std::int64_t count);

}  // namespace msprobe::metrics
