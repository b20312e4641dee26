#include "parse/tensor_diff.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "metrics/relative_error.hpp"
#include "tensor/numpy_text.hpp"

namespace msprobe::parse {

namespace {

std::vector<float> as_float32(const std::vector<double>& values, std::size_t padded) {
    std::vector<float> out(padded, 0.0f);
    for (std::size_t i = 0; i < values.size(); ++i) out[i] = static_cast<float>(values[i]);
    return out;
}

// numpy.allclose on float32 arrays with Python float tolerances (NumPy 1.x:
// the tolerances are cast to float32). Infinities are close to themselves only;
// NaN is never close.
bool all_close(const std::vector<float>& l, const std::vector<float>& r, double atol, double rtol) {
    const float a = static_cast<float>(atol);
    const float rt = static_cast<float>(rtol);
    for (std::size_t i = 0; i < l.size(); ++i) {
        const float x = l[i], y = r[i];
        if (std::isfinite(x) && std::isfinite(y)) {
            if (!(std::fabs(x - y) <= a + rt * std::fabs(y))) return false;
        } else if (!(x == y)) {
            return false;
        }
    }
    return true;
}

// numpy.dot of two float32 vectors as the reference's numbers show it: float32
// products summed one after the other in float32 (a blocked BLAS order gives a
// different last digit on msprobe's own fixture).
float dot_float32(const std::vector<float>& a, const std::vector<float>& b) {
    float dot = 0.0f;
    for (std::size_t i = 0; i < a.size(); ++i) dot += a[i] * b[i];
    return dot;
}

void locate_errors(const tensor::TensorView& left, const std::vector<double>& lv, const tensor::TensorView& right,
                   const std::vector<double>& rv, TensorDiff& diff) {
    using metrics::precision_of;
    const auto pl = precision_of(left.dtype);
    const auto pr = precision_of(right.dtype);
    ErrorLocation abs_at, rel_at;
    bool have_abs = false, have_rel = false;
    RelativeErrorHistogram histogram;
    for (std::size_t i = 0; i < lv.size(); ++i) {
        // As the kernel measures: inf/nan count as 0 on both sides.
        const double n = std::isfinite(lv[i]) ? lv[i] : 0.0;
        const double b = std::isfinite(rv[i]) ? rv[i] : 0.0;
        const double abs_err = std::fabs(n - b);
        if (!have_abs || abs_err > abs_at.error) {
            abs_at = {static_cast<std::int64_t>(i), {}, lv[i], rv[i], abs_err};
            have_abs = true;
        }
        const double rel = metrics::relative_error(n, pl, b, pr);
        std::size_t bin = RelativeErrorHistogram::kBins - 1;
        if (!std::isnan(rel)) {
            if (!have_rel || rel > rel_at.error) {
                rel_at = {static_cast<std::int64_t>(i), {}, lv[i], rv[i], rel};
                have_rel = true;
            }
            if (rel == 0) {
                bin = 0;
            } else if (rel >= 1) {
                bin = 8;
            } else {
                // (0, 1e-6) -> 1, [1e-6, 1e-5) -> 2, ..., [0.1, 1) -> 7
                const int decade = static_cast<int>(std::floor(std::log10(rel)));
                bin = static_cast<std::size_t>(std::clamp(decade + 8, 1, 7));
            }
        }
        ++histogram.counts[bin];
    }
    if (have_abs) {
        abs_at.index = tensor::unravel_index(abs_at.flat, left.shape);
        diff.max_abs_location = abs_at;
    }
    if (have_rel) {
        rel_at.index = tensor::unravel_index(rel_at.flat, left.shape);
        diff.max_rel_location = rel_at;
    }
    diff.histogram = histogram;
}

}  // namespace

const std::array<const char*, RelativeErrorHistogram::kBins>& RelativeErrorHistogram::labels() {
    static const std::array<const char*, kBins> names = {
        "0",           "(0, 1e-06)",  "[1e-06, 1e-05)", "[1e-05, 1e-04)", "[1e-04, 1e-03)",
        "[1e-03, 1e-02)", "[1e-02, 0.1)", "[0.1, 1)",   ">= 1",           "nan"};
    return names;
}

TensorDiff diff_tensors(const tensor::TensorView& left, const std::vector<double>& left_values,
                        const tensor::TensorView& right, const std::vector<double>& right_values,
                        const DiffOptions& options) {
    TensorDiff diff;
    diff.left = tensor::summarize(left, left_values);
    diff.right = tensor::summarize(right, right_values);
    diff.shape_mismatch = left.shape != right.shape;
    diff.size_mismatch = left_values.size() != right_values.size();
    const std::size_t n = std::max(left_values.size(), right_values.size());
    diff.count = static_cast<std::int64_t>(n);

    const std::vector<float> l = as_float32(left_values, n);
    const std::vector<float> r = as_float32(right_values, n);
    diff.allclose = all_close(l, r, options.atol, options.rtol);
    diff.cosine = dot_float32(l, r) / (std::sqrt(dot_float32(l, l)) * std::sqrt(dot_float32(r, r)));

    constexpr float kEps32 = std::numeric_limits<float>::epsilon();
    const auto rows = static_cast<std::size_t>(std::max<std::int64_t>(options.print_rows, 0));
    bool any_nan = false;
    for (std::size_t i = 0; i < n; ++i) {
        const float d = std::fabs(l[i] - r[i]);
        const DiffRow row{static_cast<std::int64_t>(i), l[i], r[i], d};
        if (i < rows) diff.top.push_back(row);
        // cn compares the float32 difference with a Python float limit (float64 arithmetic).
        if (static_cast<double>(d) > options.atol + options.rtol * std::fabs(static_cast<double>(r[i]))) {
            if (diff.errors.size() < rows) diff.errors.push_back(row);
            ++diff.error_count;
        }
        const float rel = d / (std::fabs(r[i]) + kEps32);
        if (std::isnan(d) || std::isnan(rel)) any_nan = true;
        if (i == 0 || d > diff.max_abs_err) diff.max_abs_err = d;
        if (i == 0 || rel > diff.max_rel_err) diff.max_rel_err = rel;
    }
    if (any_nan) diff.max_abs_err = diff.max_rel_err = std::numeric_limits<float>::quiet_NaN();
    diff.error_ratio = n == 0 ? 0.0 : static_cast<double>(diff.error_count) / static_cast<double>(n);

    diff.kernel = metrics::compare_tensors(left, right);
    if (!diff.size_mismatch && n > 0) locate_errors(left, left_values, right, right_values, diff);
    return diff;
}

std::vector<std::string> diff_warnings(const TensorDiff& diff) {
    std::vector<std::string> warnings;
    if (diff.shape_mismatch) {
        warnings.push_back("Data shape not equal: " + tensor::shape_tuple_text(diff.left.shape) + " vs " +
                           tensor::shape_tuple_text(diff.right.shape));
    }
    if (diff.size_mismatch) {
        warnings.push_back("Data size not equal: " + tensor::shape_tuple_text({diff.left.numel}) + " vs " +
                           tensor::shape_tuple_text({diff.right.numel}));
    }
    return warnings;
}

}  // namespace msprobe::parse
