#include "metrics/scalar_reference.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "metrics/half_float.hpp"
#include "metrics/relative_error.hpp"

namespace msprobe::metrics {

using tensor::DType;
using tensor::TensorView;

namespace {

template <class T>
T load(const std::byte* p) {
    T value;
    std::memcpy(&value, p, sizeof(T));
    return value;
}

void update_side(SideAccumulator& side, double value) {
    if (std::isnan(value)) {
        side.has_nan = true;
    } else if (std::isinf(value)) {
        (value > 0 ? side.has_pos_inf : side.has_neg_inf) = true;
    } else {
        // + 0.0 turns -0 into +0, so the sign of a zero extreme never depends
        // on the order values were seen in (SIMD lanes, threads).
        side.max_finite = std::max(side.max_finite, value + 0.0);
        side.min_finite = std::min(side.min_finite, value + 0.0);
    }
}

// The per-block lane sums of the six float64 sums.
struct BlockLanes {
    double dot[kSumLanes] = {};
    double npu_squares[kSumLanes] = {};
    double bench_squares[kSumLanes] = {};
    double diff_squares[kSumLanes] = {};
    double npu_sum[kSumLanes] = {};
    double bench_sum[kSumLanes] = {};

    void flush_into(PairPartial& partial) const {
        partial.dot.add(combine_lanes(dot));
        partial.npu.sum_of_squares.add(combine_lanes(npu_squares));
        partial.bench.sum_of_squares.add(combine_lanes(bench_squares));
        partial.diff_squares.add(combine_lanes(diff_squares));
        partial.npu.sum.add(combine_lanes(npu_sum));
        partial.bench.sum.add(combine_lanes(bench_sum));
    }
};

// read_npu(i) / read_bench(i) give element i of the range as a double.
template <class ReadNpu, class ReadBench>
void accumulate_elements(ReadNpu read_npu, Precision npu_precision, ReadBench read_bench, Precision bench_precision,
                         std::int64_t count, PairPartial& partial, RelativeEpsilon epsilon) {
    const RatioThresholds thresholds = ratio_thresholds(relative_precision(npu_precision, bench_precision, epsilon));
    for (std::int64_t block_start = 0; block_start < count; block_start += kBlockElements) {
        const std::int64_t block_end = std::min(count, block_start + kBlockElements);
        BlockLanes lanes;
        for (std::int64_t i = block_start; i < block_end; ++i) {
            const double n = read_npu(i);
            const double b = read_bench(i);
            update_side(partial.npu, n);
            update_side(partial.bench, b);
            if (std::isnan(n) != std::isnan(b) || std::isinf(n) != std::isinf(b)) {
                partial.inf_nan_positions_differ = true;
            }
            // msprobe sets inf/nan to 0 in both arrays before every metric.
            const double nz = std::isfinite(n) ? n : 0.0;
            const double bz = std::isfinite(b) ? b : 0.0;

            const auto lane = static_cast<std::size_t>((i - block_start) % kSumLanes);
            const double product = nz * bz;
            const double npu_square = nz * nz;
            const double bench_square = bz * bz;
            const double diff = nz - bz;
            const double diff_square = diff * diff;
            lanes.dot[lane] += product;
            lanes.npu_squares[lane] += npu_square;
            lanes.bench_squares[lane] += bench_square;
            lanes.diff_squares[lane] += diff_square;
            lanes.npu_sum[lane] += nz;
            lanes.bench_sum[lane] += bz;
            partial.max_abs_diff = std::max(partial.max_abs_diff, std::fabs(diff));

            const double rel = relative_error(nz, npu_precision, bz, bench_precision, epsilon);
            if (std::isnan(rel)) {
                partial.relative_has_nan = true;
            } else {
                partial.max_relative = std::max(partial.max_relative, rel);
            }
            if (rel < thresholds.one_thousandth) ++partial.below_one_thousandth;
            if (rel < thresholds.five_thousandths) ++partial.below_five_thousandths;
        }
        lanes.flush_into(partial);
    }
    partial.count += count;
}

}  // namespace

// div/mod per dimension: slow, and plainly right.
std::int64_t element_byte_offset(const TensorView& view, std::int64_t flat) {
    std::int64_t offset = 0;
    for (std::size_t d = view.shape.size(); d-- > 0;) {
        const std::int64_t index = flat % view.shape[d];
        flat /= view.shape[d];
        offset += index * view.strides[d];
    }
    return offset * static_cast<std::int64_t>(tensor::dtype_size(view.dtype));
}

double read_element_as_double(const std::byte* element, DType dtype) {
    switch (dtype) {
        case DType::Float16: return half_to_float(load<std::uint16_t>(element));
        case DType::BFloat16: return bfloat16_to_float(load<std::uint16_t>(element));
        case DType::Float32: return load<float>(element);
        case DType::Float64: return load<double>(element);
        case DType::Int8: return load<std::int8_t>(element);
        case DType::Int16: return load<std::int16_t>(element);
        case DType::Int32: return load<std::int32_t>(element);
        case DType::Int64: return static_cast<double>(load<std::int64_t>(element));
        case DType::UInt8: return load<std::uint8_t>(element);
        case DType::Bool: return load<std::uint8_t>(element) != 0 ? 1.0 : 0.0;
        case DType::Complex64: return load<float>(element);    // real part
        case DType::Complex128: return load<double>(element);  // real part
    }
    return 0.0;
}

PairPartial reference_accumulate(const TensorView& npu, const TensorView& bench, std::int64_t begin,
                                 std::int64_t end, RelativeEpsilon epsilon) {
    PairPartial partial;
    auto reader = [begin](const TensorView& view) {
        return [&view, begin](std::int64_t i) {
            return read_element_as_double(view.data + element_byte_offset(view, begin + i), view.dtype);
        };
    };
    accumulate_elements(reader(npu), precision_of(npu.dtype), reader(bench), precision_of(bench.dtype), end - begin,
                        partial, epsilon);
    return partial;
}

void reference_accumulate_contiguous(const std::byte* npu, DType npu_dtype, const std::byte* bench, DType bench_dtype,
                                     std::int64_t count, PairPartial& into, RelativeEpsilon epsilon) {
    auto reader = [](const std::byte* data, DType dtype) {
        const auto size = static_cast<std::int64_t>(tensor::dtype_size(dtype));
        return [data, dtype, size](std::int64_t i) { return read_element_as_double(data + i * size, dtype); };
    };
    accumulate_elements(reader(npu, npu_dtype), precision_of(npu_dtype), reader(bench, bench_dtype),
                        precision_of(bench_dtype), count, into, epsilon);
}

}  // namespace msprobe::metrics
