#include "metrics/error_location.hpp"

#include <algorithm>
#include <cmath>

#include "metrics/block_source.hpp"
#include "metrics/relative_error.hpp"
#include "metrics/scalar_reference.hpp"

namespace msprobe::metrics {

namespace {

std::vector<std::int64_t> unravel(std::int64_t flat, const std::vector<std::int64_t>& shape) {
    std::vector<std::int64_t> index(shape.size());
    for (std::size_t d = shape.size(); d-- > 0;) {
        index[d] = flat % shape[d];
        flat /= shape[d];
    }
    return index;
}

}  // namespace

std::optional<ErrorLocation> locate_max_errors(const tensor::TensorView& npu, const tensor::TensorView& bench) {
    const std::int64_t count = npu.numel();
    if (npu.shape != bench.shape || count == 0) return std::nullopt;
    BlockSource npu_blocks(npu), bench_blocks(bench);
    const tensor::DType npu_type = npu_blocks.block_dtype(), bench_type = bench_blocks.block_dtype();
    const std::size_t npu_size = tensor::dtype_size(npu_type), bench_size = tensor::dtype_size(bench_type);
    const Precision npu_precision = precision_of(npu_type), bench_precision = precision_of(bench_type);

    double max_abs = -1.0, max_relative = -1.0;
    std::int64_t abs_at = 0, relative_at = -1;
    for (std::int64_t begin = 0; begin < count; begin += kBlockElements) {
        const std::int64_t n_in_block = std::min(kBlockElements, count - begin);
        const std::byte* n_block = npu_blocks.block(begin, n_in_block);
        const std::byte* b_block = bench_blocks.block(begin, n_in_block);
        for (std::int64_t k = 0; k < n_in_block; ++k) {
            double n = read_element_as_double(n_block + static_cast<std::size_t>(k) * npu_size, npu_type);
            double b = read_element_as_double(b_block + static_cast<std::size_t>(k) * bench_size, bench_type);
            if (!std::isfinite(n)) n = 0.0;
            if (!std::isfinite(b)) b = 0.0;
            const double abs_error = std::fabs(n - b);
            if (abs_error > max_abs) {
                max_abs = abs_error;
                abs_at = begin + k;
            }
            const double relative = relative_error(n, npu_precision, b, bench_precision);
            if (relative > max_relative) {  // false for NaN
                max_relative = relative;
                relative_at = begin + k;
            }
        }
    }
    ErrorLocation location;
    location.max_abs = unravel(abs_at, npu.shape);
    if (relative_at >= 0) location.max_relative = unravel(relative_at, npu.shape);
    return location;
}

std::string index_text(const std::vector<std::int64_t>& index) {
    std::string text = "(";
    for (std::size_t d = 0; d < index.size(); ++d) {
        if (d > 0) text += ", ";
        text += std::to_string(index[d]);
    }
    if (index.size() == 1) text += ',';
    return text + ")";
}

}  // namespace msprobe::metrics
