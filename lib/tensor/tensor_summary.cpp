#include "tensor/tensor_summary.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "common/error.hpp"
#include "tensor/numpy_text.hpp"
#include "tensor/half.hpp"
#include "tensor/tensor_file.hpp"

namespace msprobe::tensor {

namespace {

// NumPy's pairwise summation (loops_utils.h): below 8 elements a plain loop,
// up to 128 elements eight interleaved accumulators, above that two halves
// split at a multiple of 8. Acc is the accumulator type of the loop.
template <typename Acc>
Acc pairwise_sum(const double* a, std::int64_t n) {
    if (n < 8) {
        Acc res = 0;
        for (std::int64_t i = 0; i < n; ++i) res += static_cast<Acc>(a[i]);
        return res;
    }
    if (n <= 128) {
        Acc r[8];
        for (int j = 0; j < 8; ++j) r[j] = static_cast<Acc>(a[j]);
        std::int64_t i = 8;
        for (; i < n - (n % 8); i += 8) {
            for (int j = 0; j < 8; ++j) r[j] += static_cast<Acc>(a[i + j]);
        }
        Acc res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; ++i) res += static_cast<Acc>(a[i]);
        return res;
    }
    std::int64_t n2 = n / 2;
    n2 -= n2 % 8;
    return pairwise_sum<Acc>(a, n2) + pairwise_sum<Acc>(a + n2, n - n2);
}

// The reduction starts from the identity 0 and adds each inner loop's
// pairwise sum; a cast makes the iterator buffer 8192 elements at a time.
template <typename Acc>
Acc numpy_sum(const double* values, std::int64_t count, bool buffered) {
    constexpr std::int64_t kBufferSize = 8192;
    const std::int64_t chunk = buffered ? kBufferSize : std::max<std::int64_t>(count, 1);
    Acc total = 0;
    for (std::int64_t start = 0; start < count; start += chunk) {
        total += pairwise_sum<Acc>(values + start, std::min(chunk, count - start));
    }
    return total;
}

}  // namespace

float numpy_sum_float32(const double* values, std::int64_t count, bool buffered) {
    return numpy_sum<float>(values, count, buffered);
}

double numpy_sum_float64(const double* values, std::int64_t count, bool buffered) {
    return numpy_sum<double>(values, count, buffered);
}

std::vector<double> tensor_values(const tensor::TensorView& view, const std::string& file) {
    if (view.dtype == tensor::DType::Complex64 || view.dtype == tensor::DType::Complex128) {
        throw Error(file, "complex tensors are not supported by parse");
    }
    return tensor::to_double_vector(view);
}

TensorSummary summarize(const tensor::TensorView& view, const std::vector<double>& values) {
    using tensor::DType;
    TensorSummary s;
    s.dtype = view.dtype;
    s.shape = view.shape;
    s.numel = static_cast<std::int64_t>(values.size());
    s.value_dtype = view.dtype == DType::BFloat16 ? DType::Float32 : view.dtype;
    const bool floating = tensor::is_floating(view.dtype);
    s.mean_dtype = floating ? s.value_dtype : DType::Float64;

    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (values.empty()) {
        s.max = s.min = s.mean = nan;
        return s;
    }
    double max = values[0], min = values[0];
    bool any_nan = false;
    for (double v : values) {
        if (std::isnan(v)) {
            ++s.nan_count;
            any_nan = true;
            continue;
        }
        if (std::isinf(v)) ++(v > 0 ? s.posinf_count : s.neginf_count);
        if (v > max || std::isnan(max)) max = v;
        if (v < min || std::isnan(min)) min = v;
    }
    s.max = any_nan ? nan : max;
    s.min = any_nan ? nan : min;

    const auto n = static_cast<std::int64_t>(values.size());
    switch (s.mean_dtype) {
        case DType::Float16: {
            // np.mean of float16 sums in float32 (a cast, so buffered) and rounds the quotient to float16.
            const float sum = numpy_sum_float32(values.data(), n, true);
            s.mean = tensor::half_to_float(tensor::float_to_half(static_cast<float>(sum / static_cast<double>(n))));
            break;
        }
        case DType::Float32: {
            const float sum = numpy_sum_float32(values.data(), n, view.dtype != DType::Float32);
            s.mean = static_cast<float>(static_cast<double>(sum) / static_cast<double>(n));
            break;
        }
        default: s.mean = numpy_sum_float64(values.data(), n, view.dtype != DType::Float64) / static_cast<double>(n);
    }
    return s;
}

std::string spec_text(const TensorSummary& s) {
    return "[Shape: " + shape_tuple_text(s.shape) + "] [Dtype: " + std::string(numpy_dtype_name(s.dtype)) +
           "] [Max: " + npy_str(s.max, s.value_dtype) + "] [Min: " + npy_str(s.min, s.value_dtype) +
           "] [Mean: " + npy_str(s.mean, s.mean_dtype) + "]";
}

std::string values_text(const std::vector<double>& values, const std::vector<std::int64_t>& shape) {
    const std::int64_t row = shape.empty() || shape.back() <= 0 ? 1 : shape.back();
    std::string out;
    for (std::size_t i = 0; i < values.size(); ++i) {
        out += printf_g(values[i]);
        out += (static_cast<std::int64_t>(i + 1) % row == 0) ? '\n' : ' ';
    }
    return out;
}

}  // namespace msprobe::tensor
