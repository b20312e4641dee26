#include "atb_compare/pair_metrics.hpp"

#include "atb_compare/statistic_csv.hpp"
#include "common/python_text.hpp"
#include "metrics/tensor_metrics.hpp"
#include "tensor/widen.hpp"

namespace msprobe::atb {

namespace {

tensor::TensorView bfloat16_widened(const tensor::TensorView& view) {
    return view.dtype == tensor::DType::BFloat16 ? tensor::widened_to_float32(view) : view;
}

std::string cell_text(const metrics::MetricCell& cell) {
    if (!cell.is_number()) return std::string(metrics::placeholder_text(cell.state));
    return cell.is_nan() ? std::string(kNotApplicable) : py::float_repr(cell.value);
}

}  // namespace

std::array<std::string, 6> pair_metrics(const tensor::TensorView& target, const tensor::TensorView& golden,
                                        ThreadPool& pool) {
    metrics::CompareOptions options;
    options.relative_epsilon = metrics::RelativeEpsilon::OfComputeType;
    options.shape_before_zero_dim = true;
    const metrics::ParallelFor parallel = [&pool](std::int64_t count, const std::function<void(std::int64_t)>& body) {
        pool.parallel_for(count, body);
    };
    const auto m = metrics::compare_tensors(bfloat16_widened(target), bfloat16_widened(golden), options, parallel);
    if (m.error) {
        const std::string none(kNotApplicable);
        return {none, none, none, none, none, none};
    }
    return {cell_text(m.cosine),
            cell_text(m.euc_dist),
            cell_text(m.max_abs_err),
            cell_text(m.max_relative_err),
            cell_text(m.one_thousandth_err_ratio),
            cell_text(m.five_thousandths_err_ratio)};
}

}  // namespace msprobe::atb
