#include "tensor/numpy_matmul.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <utility>

#include "common/error.hpp"
#include "tensor/element_value.hpp"
#include "tensor/half.hpp"
#include "tensor/numpy_promotion.hpp"
#include "tensor/strided.hpp"

namespace msprobe::tensor {

namespace {

template <class Acc>
std::vector<Acc> dense(const TensorView& view) {
    std::vector<Acc> values;
    values.reserve(static_cast<std::size_t>(view.numel()));
    // NumPy casts both operands to the result type first; every such cast is
    // exact here except int64 into float64, which rounds as NumPy's does.
    for_each_element(view, [&](const std::byte* p) { values.push_back(element_as<Acc>(p, view.dtype)); });
    return values;
}

// The shapes of one product: batch dimensions broadcast, m x k times k x n.
struct Plan {
    std::vector<std::int64_t> batch;
    std::vector<std::int64_t> a_batch_strides, b_batch_strides;  // in elements; 0 where broadcast
    std::int64_t m = 1, k = 1, n = 1;
    std::vector<std::int64_t> result_shape;
};

std::string shape_text(const std::vector<std::int64_t>& shape) { return fmt::format("({})", fmt::join(shape, ",")); }

Plan plan_of(const TensorView& a, const TensorView& b) {
    if (a.shape.empty() || b.shape.empty()) {
        throw Error("", "matmul: Input operand does not have enough dimensions (a 0-d tensor)");
    }
    std::vector<std::int64_t> as = a.shape, bs = b.shape;
    const bool a_vector = as.size() == 1, b_vector = bs.size() == 1;
    if (a_vector) as.insert(as.begin(), 1);
    if (b_vector) bs.push_back(1);
    Plan plan;
    plan.m = as[as.size() - 2];
    plan.k = as.back();
    plan.n = bs.back();
    if (bs[bs.size() - 2] != plan.k) {
        throw Error("", fmt::format("matmul: shapes {} and {} do not share their core dimension ({} against {})",
                                    shape_text(a.shape), shape_text(b.shape), plan.k, bs[bs.size() - 2]));
    }
    const std::size_t a_rank = as.size() - 2, b_rank = bs.size() - 2;
    const std::size_t rank = std::max(a_rank, b_rank);
    // Row-major strides of each operand's batch dimensions in its dense copy.
    const auto batch_strides = [](const std::vector<std::int64_t>& shape, std::size_t batch_rank) {
        std::vector<std::int64_t> strides(batch_rank);
        std::int64_t step = shape[shape.size() - 2] * shape.back();
        for (std::size_t d = batch_rank; d-- > 0;) {
            strides[d] = step;
            step *= shape[d];
        }
        return strides;
    };
    const auto a_strides = batch_strides(as, a_rank), b_strides = batch_strides(bs, b_rank);
    for (std::size_t d = 0; d < rank; ++d) {
        // Aligned from the right, as NumPy broadcasts.
        const bool in_a = d + a_rank >= rank, in_b = d + b_rank >= rank;
        const std::int64_t da = in_a ? as[d + a_rank - rank] : 1, db = in_b ? bs[d + b_rank - rank] : 1;
        if (da != db && da != 1 && db != 1) {
            throw Error("", fmt::format("matmul: batch dimensions of {} and {} do not broadcast", shape_text(a.shape),
                                        shape_text(b.shape)));
        }
        plan.batch.push_back(da == 1 ? db : da);
        plan.a_batch_strides.push_back(in_a && da != 1 ? a_strides[d + a_rank - rank] : 0);
        plan.b_batch_strides.push_back(in_b && db != 1 ? b_strides[d + b_rank - rank] : 0);
    }
    plan.result_shape = plan.batch;
    if (!a_vector) plan.result_shape.push_back(plan.m);
    if (!b_vector) plan.result_shape.push_back(plan.n);
    return plan;
}

// Offsets of batch `batch` (row-major over plan.batch) in a's and b's dense copies.
std::pair<std::int64_t, std::int64_t> batch_offsets(const Plan& plan, std::int64_t batch) {
    std::int64_t a_offset = 0, b_offset = 0;
    for (std::size_t d = plan.batch.size(); d-- > 0;) {
        const std::int64_t index = batch % plan.batch[d];
        batch /= plan.batch[d];
        a_offset += index * plan.a_batch_strides[d];
        b_offset += index * plan.b_batch_strides[d];
    }
    return {a_offset, b_offset};
}

// Blocks that keep a slice of b (kDepth x kColumns) in cache while kRows rows use it.
constexpr std::int64_t kRows = 32, kDepth = 128, kColumns = 1024;

// out[i, j] = sum over l, in increasing order, of a[i, l] * b[l, j]: each
// element is summed in NumPy's order whatever the blocking, since every block
// of l is finished before the next begins. Row blocks are independent items.
template <class Acc>
void multiply(const Plan& plan, const std::vector<Acc>& a, const std::vector<Acc>& b, std::vector<Acc>& out,
              const MatmulParallelFor& parallel_for) {
    std::int64_t batches = 1;
    for (const auto d : plan.batch) batches *= d;
    out.assign(static_cast<std::size_t>(batches * plan.m * plan.n), Acc{});
    const std::int64_t row_blocks = (plan.m + kRows - 1) / kRows;
    const auto block = [&](std::int64_t item) {
        const std::int64_t batch = item / row_blocks, first_row = item % row_blocks * kRows;
        const std::int64_t end_row = std::min(plan.m, first_row + kRows);
        const auto [a_offset, b_offset] = batch_offsets(plan, batch);
        Acc* rows = out.data() + batch * plan.m * plan.n;
        for (std::int64_t column = 0; column < plan.n; column += kColumns) {
            const std::int64_t width = std::min(kColumns, plan.n - column);
            for (std::int64_t depth = 0; depth < plan.k; depth += kDepth) {
                const std::int64_t end_depth = std::min(plan.k, depth + kDepth);
                for (std::int64_t i = first_row; i < end_row; ++i) {
                    Acc* row = rows + i * plan.n + column;
                    const Acc* a_row = a.data() + a_offset + i * plan.k;
                    for (std::int64_t l = depth; l < end_depth; ++l) {
                        const Acc x = a_row[l];
                        const Acc* b_row = b.data() + b_offset + l * plan.n + column;
                        for (std::int64_t j = 0; j < width; ++j) row[j] += x * b_row[j];
                    }
                }
            }
        }
    };
    const std::int64_t items = batches * row_blocks;
    if (parallel_for && items > 1) {
        parallel_for(items, block);
    } else {
        for (std::int64_t item = 0; item < items; ++item) block(item);
    }
}

template <class Stored, class Acc, class Convert>
TensorView stored(DType dtype, const std::vector<std::int64_t>& shape, const std::vector<Acc>& values,
                  Convert convert) {
    auto elements = std::make_shared<std::vector<Stored>>(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) (*elements)[i] = convert(values[i]);
    TensorView view;
    view.dtype = dtype;
    view.shape = shape;
    view.strides = row_major_strides(shape);
    view.data = reinterpret_cast<const std::byte*>(elements->data());
    view.owner = elements;
    return view;
}

template <class Acc, class Stored, class Convert>
TensorView product(DType dtype, const Plan& plan, const TensorView& a, const TensorView& b, Convert convert,
                   const MatmulParallelFor& parallel_for) {
    std::vector<Acc> out;
    multiply(plan, dense<Acc>(a), dense<Acc>(b), out, parallel_for);
    return stored<Stored>(dtype, plan.result_shape, out, convert);
}

// Integers multiply and add modulo 2^64; the low bits are those of NumPy's
// arithmetic in the narrower type.
template <class Stored>
TensorView integer_product(DType dtype, const Plan& plan, const TensorView& a, const TensorView& b,
                           const MatmulParallelFor& parallel_for) {
    return product<std::uint64_t, Stored>(
        dtype, plan, a, b, [](std::uint64_t v) { return static_cast<Stored>(v); }, parallel_for);
}

}  // namespace

TensorView numpy_matmul(const TensorView& a, const TensorView& b, const MatmulParallelFor& parallel_for) {
    for (const auto* operand : {&a, &b}) {
        if (operand->dtype == DType::BFloat16) throw Error("", "NumPy holds no bfloat16 tensor");
        if (operand->dtype == DType::Complex64 || operand->dtype == DType::Complex128) {
            throw Error("", "complex tensors are not multiplied");
        }
    }
    const Plan plan = plan_of(a, b);
    const DType dtype = numpy_result_type(a.dtype, b.dtype);
    const auto same = [](auto v) { return v; };
    const auto& p = parallel_for;
    switch (dtype) {
        case DType::Float16:
            return product<float, std::uint16_t>(
                dtype, plan, a, b, [](float v) { return float_to_half(v); }, p);
        case DType::Float32: return product<float, float>(dtype, plan, a, b, same, p);
        case DType::Float64: return product<double, double>(dtype, plan, a, b, same, p);
        case DType::Int8: return integer_product<std::int8_t>(dtype, plan, a, b, p);
        case DType::Int16: return integer_product<std::int16_t>(dtype, plan, a, b, p);
        case DType::Int32: return integer_product<std::int32_t>(dtype, plan, a, b, p);
        case DType::Int64: return integer_product<std::int64_t>(dtype, plan, a, b, p);
        case DType::UInt8: return integer_product<std::uint8_t>(dtype, plan, a, b, p);
        case DType::Bool:  // any(a & b): a count of the products that are 1
            return product<std::uint64_t, std::uint8_t>(
                dtype, plan, a, b, [](std::uint64_t v) { return std::uint8_t{v != 0}; }, p);
        default: throw Error("", "unsupported dtype");
    }
}

}  // namespace msprobe::tensor
