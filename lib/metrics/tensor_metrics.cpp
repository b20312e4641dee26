#include "metrics/tensor_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "metrics/block_source.hpp"
#include "metrics/format_value.hpp"
#include "metrics/messages.hpp"
#include "metrics/scalar_reference.hpp"
#include "metrics/zero_dim.hpp"

namespace msprobe::metrics {

using tensor::DType;
using tensor::TensorView;

namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
// Const.FLOAT_EPSILON: the all-zero threshold of the cosine norms.
constexpr double kNormEpsilon = 0x1p-52;

// The pytorch reader turns bfloat16 into float32 before msprobe looks at dtypes.
DType loaded_dtype(DType dtype) { return dtype == DType::BFloat16 ? DType::Float32 : dtype; }

// One metric: its cell and the message it appends.
struct MetricResult {
    MetricCell cell;
    std::string_view message;
};

MetricResult number_or_nan(double value, std::string_view nan_message) {
    if (std::isnan(value)) return {MetricCell::number(kNan), nan_message};
    return {MetricCell::number(format_value(value)), ""};
}

MetricResult cosine_metric(const PairPartial& p, std::int64_t numel) {
    if (numel == 1) return {MetricCell::placeholder(MetricState::Unsupported), message::kLengthOneTensor};
    const double npu_norm = std::sqrt(p.npu.sum_of_squares.value());
    const double bench_norm = std::sqrt(p.bench.sum_of_squares.value());
    if (npu_norm <= kNormEpsilon && bench_norm <= kNormEpsilon) return {MetricCell::number(1.0), ""};
    if (npu_norm <= kNormEpsilon) return {MetricCell::number(kNan), message::kCosineNpuAllZero};
    if (bench_norm <= kNormEpsilon) return {MetricCell::number(kNan), message::kCosineBenchAllZero};
    const double cosine = p.dot.value() / (npu_norm * bench_norm);
    if (std::isnan(cosine)) return {MetricCell::number(kNan), message::kCosineNan};
    return {MetricCell::number(format_cosine(cosine)), ""};
}

MetricResult ratio_metric(std::int64_t below, std::int64_t size) {
    if (size == 0) return {MetricCell::number(kNan), ""};
    return {MetricCell::number(format_value(static_cast<double>(below) / static_cast<double>(size))), ""};
}

PairMetrics finish_streamed(const PairPlan& plan, const PairPartial& p) {
    PairMetrics m;
    m.npu_statistics = side_statistics(p.npu, p.count);
    m.bench_statistics = side_statistics(p.bench, p.count);
    if (p.inf_nan_positions_differ) {
        PairMetrics failed = error_metrics(PairError::InfNanPositionMismatch,
                                           std::string(message::kInfNanPositionMismatch));
        failed.npu_statistics = m.npu_statistics;
        failed.bench_statistics = m.bench_statistics;
        return failed;
    }
    if (plan.dtype_mismatch) m.message = message::kDtypeMismatch;

    const MetricResult results[] = {
        cosine_metric(p, plan.numel),
        {MetricCell::number(std::sqrt(p.diff_squares.value())), ""},
        number_or_nan(p.max_abs_diff, message::kMaxAbsErrNan),
        number_or_nan(p.relative_has_nan ? kNan : p.max_relative, message::kMaxRelativeErrNan),
        ratio_metric(p.below_one_thousandth, plan.numel),
        ratio_metric(p.below_five_thousandths, plan.numel),
    };
    MetricCell* cells[] = {&m.cosine, &m.euc_dist, &m.max_abs_err, &m.max_relative_err,
                           &m.one_thousandth_err_ratio, &m.five_thousandths_err_ratio};
    for (std::size_t i = 0; i < 6; ++i) {
        *cells[i] = results[i].cell;
        m.message += results[i].message;
    }
    return m;
}

SideStatistics statistics_of(const TensorView& view) {
    const std::int64_t count = view.numel();
    return side_statistics(reference_accumulate(view, view, 0, count).npu, count);
}

PairMetrics finish_zero_dim(const TensorView& npu, const TensorView& bench, const CompareOptions& options) {
    PairMetrics m;
    const ZeroDimErrors errors = zero_dim_errors(npu, bench, options.relative_epsilon);
    const MetricResult max_abs = number_or_nan(errors.max_abs_err, message::kMaxAbsErrNan);
    const MetricResult max_rel = number_or_nan(errors.max_relative_err, message::kMaxRelativeErrNan);
    const MetricCell unsupported = MetricCell::placeholder(MetricState::Unsupported);
    m.cosine = unsupported;
    m.euc_dist = unsupported;
    m.max_abs_err = max_abs.cell;
    m.max_relative_err = max_rel.cell;
    m.one_thousandth_err_ratio = unsupported;
    m.five_thousandths_err_ratio = unsupported;

    m.message = message::kZeroDimTensor;
    if (options.strict_compat) {
        // msprobe's Cosine, EucDist and both ratios each re-append the whole
        // accumulated message, which doubles it four times.
        m.message += m.message;  // Cosine
        m.message += m.message;  // EucDist
        m.message += max_abs.message;
        m.message += max_rel.message;
        m.message += m.message;  // One Thousandth Err Ratio
        m.message += m.message;  // Five Thousandths Err Ratio
    } else {
        m.message += max_abs.message;
        m.message += max_rel.message;
    }

    m.npu_statistics = statistics_of(npu);
    if (bench.numel() > 0) m.bench_statistics = statistics_of(bench);
    return m;
}

}  // namespace

SideStatistics side_statistics(const SideAccumulator& side, std::int64_t count) {
    SideStatistics s;
    const bool both_infinities = side.has_pos_inf && side.has_neg_inf;
    s.max = side.has_nan ? kNan : side.has_pos_inf ? std::numeric_limits<double>::infinity() : side.max_finite;
    s.min = side.has_nan ? kNan : side.has_neg_inf ? -std::numeric_limits<double>::infinity() : side.min_finite;
    double sum = side.sum.value();
    if (side.has_nan || both_infinities) {
        sum = kNan;
    } else if (side.has_pos_inf || side.has_neg_inf) {
        sum = side.has_pos_inf ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity();
    }
    s.mean = sum / static_cast<double>(count);
    s.l2norm = side.has_nan ? kNan
               : (side.has_pos_inf || side.has_neg_inf) ? std::numeric_limits<double>::infinity()
                                                        : std::sqrt(side.sum_of_squares.value());
    return s;
}

PairMetrics error_metrics(PairError error, std::string message) {
    PairMetrics m;
    const MetricCell cell = MetricCell::placeholder(cell_state_for(error));
    m.cosine = m.euc_dist = m.max_abs_err = m.max_relative_err = cell;
    m.one_thousandth_err_ratio = m.five_thousandths_err_ratio = cell;
    m.message = std::move(message);
    m.error = error;
    return m;
}

PairPlan plan_comparison(const TensorView& npu, const TensorView& bench, bool shape_before_zero_dim) {
    PairPlan plan;
    plan.numel = npu.numel();
    if (plan.numel == 0) {
        plan.error = PairError::EmptyData;  // only the NPU size is tested
        return plan;
    }
    if (shape_before_zero_dim && npu.shape != bench.shape) {
        plan.error = PairError::ShapeMismatch;
        return plan;
    }
    if (npu.shape.empty()) {  // 0-d: no shape, inf/nan or dtype check
        plan.kind = PairPlan::Kind::ZeroDim;
        return plan;
    }
    if (npu.shape != bench.shape) {
        plan.error = PairError::ShapeMismatch;
        return plan;
    }
    plan.kind = PairPlan::Kind::Streamed;
    plan.chunk_count = (plan.numel + kChunkElements - 1) / kChunkElements;
    plan.dtype_mismatch = loaded_dtype(npu.dtype) != loaded_dtype(bench.dtype);
    return plan;
}

PairPartial accumulate_chunk(const TensorView& npu, const TensorView& bench, std::int64_t chunk_index,
                             KernelIsa kernel, RelativeEpsilon epsilon) {
    const std::int64_t begin = chunk_index * kChunkElements;
    const std::int64_t end = std::min(npu.numel(), begin + kChunkElements);
    if (kernel == KernelIsa::Scalar) return reference_accumulate(npu, bench, begin, end, epsilon);

    BlockSource npu_blocks(npu);
    BlockSource bench_blocks(bench);
    const BlockKernel block_kernel =
        find_block_kernel(kernel, npu_blocks.block_dtype(), bench_blocks.block_dtype(), epsilon);
    PairPartial partial;
    for (std::int64_t start = begin; start < end; start += kBlockElements) {
        const std::int64_t count = std::min(kBlockElements, end - start);
        const std::byte* n = npu_blocks.block(start, count);
        const std::byte* b = bench_blocks.block(start, count);
        if (block_kernel != nullptr) {
            block_kernel(n, b, count, partial);
        } else {  // dtype pair without a vectorised kernel (e.g. float64 with float32)
            reference_accumulate_contiguous(n, npu_blocks.block_dtype(), b, bench_blocks.block_dtype(), count,
                                            partial, epsilon);
        }
    }
    return partial;
}

PairMetrics finish_comparison(const PairPlan& plan, const PairPartial& merged, const TensorView& npu,
                              const TensorView& bench, const CompareOptions& options) {
    switch (plan.kind) {
        case PairPlan::Kind::Failed: {
            const PairError error = plan.error.value_or(PairError::Unreadable);
            const std::string_view text = error == PairError::EmptyData       ? message::kEmptyData
                                          : error == PairError::ShapeMismatch ? message::kShapeMismatch
                                                                              : message::kUnreadable;
            return error_metrics(error, std::string(text));
        }
        case PairPlan::Kind::ZeroDim: return finish_zero_dim(npu, bench, options);
        case PairPlan::Kind::Streamed: break;
    }
    return finish_streamed(plan, merged);
}

PairMetrics compare_tensors(const TensorView& npu, const TensorView& bench, const CompareOptions& options) {
    const PairPlan plan = plan_comparison(npu, bench, options.shape_before_zero_dim);
    PairPartial total;
    for (std::int64_t chunk = 0; chunk < plan.chunk_count; ++chunk) {
        merge(total, accumulate_chunk(npu, bench, chunk, options.kernel, options.relative_epsilon));
    }
    return finish_comparison(plan, total, npu, bench, options);
}

PairMetrics compare_tensors(const TensorView& npu, const TensorView& bench, const CompareOptions& options,
                            const ParallelFor& parallel_for) {
    const PairPlan plan = plan_comparison(npu, bench, options.shape_before_zero_dim);
    std::vector<PairPartial> partials(static_cast<std::size_t>(plan.chunk_count));
    if (plan.chunk_count > 1) {
        parallel_for(plan.chunk_count, [&](std::int64_t chunk) {
            partials[static_cast<std::size_t>(chunk)] =
                accumulate_chunk(npu, bench, chunk, options.kernel, options.relative_epsilon);
        });
    } else if (plan.chunk_count == 1) {
        partials[0] = accumulate_chunk(npu, bench, 0, options.kernel, options.relative_epsilon);
    }
    PairPartial total;
    for (const PairPartial& partial : partials) merge(total, partial);  // chunk order: reproducible sums
    return finish_comparison(plan, total, npu, bench, options);
}

}  // namespace msprobe::metrics
