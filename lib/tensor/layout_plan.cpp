#include "tensor/layout_plan.hpp"

#include <sys/mman.h>

#include <array>
#include <functional>
#include <memory>
#include <stdexcept>
#include <xtensor/xadapt.hpp>
#include <xtensor/xmanipulation.hpp>
#include <xtensor/xstrided_view.hpp>

#include "common/error.hpp"
#include "common/python_text.hpp"
#include "common/thread_pool.hpp"
#include "tensor/checked_math.hpp"

namespace msprobe::tensor {
namespace {

using Shape = std::vector<std::int64_t>;

// One axis of the logical array. A blocked layout splits it into
// ⌈size/block⌉ blocks of `block` elements (two device axes: which block,
// where in the block); block 0 = not split.
struct LogicalAxis {
    std::int64_t size;
    std::int64_t block = 0;
};

// The device buffer seen as the padded logical array: reshaped to `shape`
// with `strides`, then transposed by `order` so that its axes are the logical
// axes in order, each split axis as its (block, position) pair.
struct PaddedView {
    Shape shape;
    Shape strides;
    std::vector<std::size_t> order;
    std::vector<LogicalAxis> axes;
};

Shape row_major_strides(std::span<const std::int64_t> shape) {
    Shape strides(shape.size(), 1);
    for (std::size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
    return strides;
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return a / b + (a % b != 0 ? 1 : 0); }

std::string shape_text(std::span<const std::int64_t> shape) {
    std::vector<std::string> dims;
    for (const auto dim : shape) dims.push_back(std::to_string(dim));
    return py::list_text(dims);
}

// The padded view's parts, each a strided copy into the contiguous logical
// array: for every split axis either its full blocks or its last, partial
// block, so that padding is never copied. xtensor makes the views (adapt,
// transpose, strided_view); only their shapes, strides and offsets are used.
LayoutPlan plan_from(const PaddedView& view) {
    static constexpr std::byte kAnchor{};  // the views are never read through
    const std::vector<std::size_t> shape(view.shape.begin(), view.shape.end());
    const std::vector<std::ptrdiff_t> strides(view.strides.begin(), view.strides.end());
    std::size_t count = 1;  // an adaptor's size is its shape's element count
    for (const auto d : shape) count *= d;
    auto device = xt::adapt(&kAnchor, count, xt::no_ownership(), shape, strides);
    auto padded = xt::transpose(device, view.order);

    LayoutPlan plan;
    plan.device_shape = view.shape;
    for (const auto& axis : view.axes) plan.logical_shape.push_back(axis.size);
    const Shape logical_strides = row_major_strides(plan.logical_shape);
    std::size_t split_count = 0;
    for (const auto& axis : view.axes) split_count += axis.block > 0 ? 1 : 0;

    for (std::size_t tails = 0; tails < (std::size_t{1} << split_count); ++tails) {
        xt::xstrided_slice_vector slices;
        StridedCopy copy;
        bool empty = false;
        std::size_t split = 0;
        for (std::size_t d = 0; d < view.axes.size(); ++d) {
            const auto [size, block] = view.axes[d];
            if (block == 0) {
                slices.emplace_back(xt::all());
                copy.target_strides.push_back(logical_strides[d]);
                continue;
            }
            const std::int64_t full_blocks = size / block;
            const std::int64_t rest = size % block;
            if ((tails >> split++) & 1U) {
                empty = empty || rest == 0;
                slices.emplace_back(xt::range(full_blocks, full_blocks + 1));
                slices.emplace_back(xt::range(0, rest));
                copy.target_offset += full_blocks * block * logical_strides[d];
            } else {
                empty = empty || full_blocks == 0;
                slices.emplace_back(xt::range(0, full_blocks));
                slices.emplace_back(xt::all());
            }
            copy.target_strides.push_back(block * logical_strides[d]);
            copy.target_strides.push_back(logical_strides[d]);
        }
        if (empty) continue;
        auto part = xt::strided_view(padded, slices);
        copy.shape.assign(part.shape().begin(), part.shape().end());
        copy.source_strides.assign(part.strides().begin(), part.strides().end());
        copy.source_offset = static_cast<std::int64_t>(part.data_offset());
        plan.copies.push_back(std::move(copy));
    }
    return plan;
}

using Fail = std::function<void(const std::string&)>;

void require(bool ok, const Fail& fail, const std::string& detail) {
    if (!ok) fail(detail);
}

void require_block(std::int64_t block, const char* name, const Fail& fail) {
    require(block > 0, fail, std::string(name) + " (a block size) must be at least 1");
}

void require_blocks(std::int64_t device_blocks, std::int64_t size, std::int64_t block, const char* axis,
                    const Fail& fail) {
    require(device_blocks == ceil_div(size, block), fail,
            std::string("the ") + axis + " axis of " + std::to_string(size) + " needs " +
                std::to_string(ceil_div(size, block)) + " blocks of " + std::to_string(block) + ", the device holds " +
                std::to_string(device_blocks));
}

void require_ranks(const Shape& device, const Shape& original, std::size_t device_rank, std::size_t original_rank,
                   const Fail& fail) {
    require(device.size() == device_rank && original.size() == original_rank, fail,
            "expected a " + std::to_string(device_rank) + "-D device shape and a " + std::to_string(original_rank) +
                "-D original shape");
}

void require_same(std::int64_t device_dim, std::int64_t logical_dim, const std::string& axis, const Fail& fail) {
    require(device_dim == logical_dim, fail,
            axis + " is " + std::to_string(logical_dim) + " but the device has " +
                std::to_string(device_dim));
}

// A layout that blocks only the channels, C0 being the last device axis:
// device_axes[i] holds logical axis i (for C, its block index). NC1HWC0 is
// NCHW over (N, C1, H, W, C0), NDC1HWC0 NCDHW over (N, D, C1, H, W, C0).
PaddedView channel_blocked_view(const Shape& d, const Shape& o, std::string_view letters,
                                const std::vector<std::size_t>& device_axes, const Fail& fail) {
    require_ranks(d, o, letters.size() + 1, letters.size(), fail);
    const std::int64_t c0 = d.back();
    require_block(c0, "C0", fail);
    PaddedView view{d, row_major_strides(d), {}, {}};
    for (std::size_t i = 0; i < letters.size(); ++i) {
        view.order.push_back(device_axes[i]);
        if (letters[i] == 'C') {
            require_blocks(d[device_axes[i]], o[i], c0, "C", fail);
            view.order.push_back(d.size() - 1);
            view.axes.push_back({o[i], c0});
        } else {
            require_same(d[device_axes[i]], o[i], std::string(1, letters[i]), fail);
            view.axes.push_back({o[i]});
        }
    }
    return view;
}

// (rows, N1, N0, C0) holding (N, C, spatial...) weights; the rows run over
// the spatial dims with C1 after the first `outer` of them: C1·H·W for
// FRACTAL_Z (NCHW), D·C1·H·W for FRACTAL_Z_3D (NCDHW).
PaddedView fractal_z_view(const Shape& d, const Shape& o, std::size_t outer, const Fail& fail) {
    require_ranks(d, o, 4, outer + 4, fail);
    const std::int64_t n0 = d[2];
    const std::int64_t c0 = d[3];
    require_block(n0, "N0", fail);
    require_block(c0, "C0", fail);
    require_blocks(d[1], o[0], n0, "N", fail);
    Shape split(o.begin() + 2, o.end());
    split.insert(split.begin() + static_cast<std::ptrdiff_t>(outer), ceil_div(o[1], c0));
    std::int64_t rows = 1;
    for (const auto dim : split) rows *= dim;
    require(d[0] == rows, fail,
            std::string("the first device dim must be ") + (outer == 0 ? "C1·H·W" : "D·C1·H·W") + " = " +
                std::to_string(rows));
    const std::size_t row_axes = split.size();
    split.insert(split.end(), {d[1], n0, c0});
    PaddedView view{
        split, row_major_strides(split), {row_axes, row_axes + 1, outer, row_axes + 2}, {{o[0], n0}, {o[1], c0}}};
    for (std::size_t axis = 0; axis < row_axes; ++axis) {
        if (axis == outer) continue;
        view.order.push_back(axis);
        view.axes.push_back({split[axis]});
    }
    return view;
}

// (B..., N1, M1, M0, N0) holding (B..., M, N); a 1-D (N) is (1, N).
PaddedView fractal_nz_view(const Shape& d, Shape o, const Fail& fail) {
    require(!o.empty(), fail, "a 0-D original shape has no matrix");
    if (o.size() == 1) o.insert(o.begin(), 1);
    const std::size_t k = o.size();
    require(d.size() == k + 2, fail, "expected a " + std::to_string(k + 2) + "-D device shape");
    PaddedView view{d, row_major_strides(d), {}, {}};
    for (std::size_t i = 0; i + 2 < k; ++i) {
        require_same(d[i], o[i], "a batch dim", fail);
        view.order.push_back(i);
        view.axes.push_back({o[i]});
    }
    const std::int64_t m0 = d[k];
    const std::int64_t n0 = d[k + 1];
    require_block(m0, "M0", fail);
    require_block(n0, "N0", fail);
    require_blocks(d[k - 1], o[k - 2], m0, "M", fail);
    require_blocks(d[k - 2], o[k - 1], n0, "N", fail);
    view.order.insert(view.order.end(), {k - 1, k, k - 2, k + 1});
    view.axes.push_back({o[k - 2], m0});
    view.axes.push_back({o[k - 1], n0});
    return view;
}

// (C1, H, W, N, Co, C0) holding NCHW weights on its Co == C0 diagonal.
PaddedView c1hwncoc0_view(const Shape& d, const Shape& o, const Fail& fail) {
    require_ranks(d, o, 6, 4, fail);
    const std::int64_t c0 = d[5];
    require_block(c0, "C0", fail);
    require(d[4] == c0, fail, "Co must equal C0");
    require_same(d[3], o[0], "N", fail);
    require_same(d[1], o[2], "H", fail);
    require_same(d[2], o[3], "W", fail);
    require_blocks(d[0], o[1], c0, "C", fail);
    const Shape strides = row_major_strides(d);
    return {{d[0], d[1], d[2], d[3], c0},
            {strides[0], strides[1], strides[2], strides[3], strides[4] + strides[5]},
            {3, 0, 4, 1, 2},
            {{o[0]}, {o[1], c0}, {o[2]}, {o[3]}}};
}

// NHWC or HWCN read as NCHW; original_shape may be in either order.
PaddedView nchw_transpose_view(const Shape& d, const Shape& o, std::vector<std::size_t> order, const Fail& fail) {
    require(d.size() == 4, fail, "expected a 4-D device shape");
    const Shape nchw{d[order[0]], d[order[1]], d[order[2]], d[order[3]]};
    require(o.empty() || o == d || o == nchw, fail,
            "the original shape is neither the device shape nor its NCHW order");
    return {d, row_major_strides(d), std::move(order), {{nchw[0]}, {nchw[1]}, {nchw[2]}, {nchw[3]}}};
}

}  // namespace

LayoutPlan plan_logical_layout(std::span<const std::int64_t> device_shape, AscendFormat format,
                               std::span<const std::int64_t> original_shape, const std::string& what,
                               std::int32_t sub_format) {
    if (!is_known_format(format)) {
        throw Error(what, "unknown tensor format " + std::to_string(static_cast<std::int32_t>(format)));
    }
    if (layout_kind(format) != LayoutKind::Blocked && layout_kind(format) != LayoutKind::Transposed) {
        throw Error(what, format_label(format) + " tensor: no conversion of this layout to a logical array is known");
    }
    const Shape d(device_shape.begin(), device_shape.end());
    const Shape o(original_shape.begin(), original_shape.end());
    const Fail fail = [&](const std::string& detail) {
        throw Error(what, format_label(format) + " tensor: device shape " + shape_text(d) +
                              " does not hold original shape " + shape_text(o) + ": " + detail);
    };
    for (const auto dim : d) require(dim >= 0, fail, "a negative dim");
    for (const auto dim : o) require(dim >= 0, fail, "a negative dim");
    require(element_count(d).has_value() && element_count(o).has_value(), fail, "too many elements");
    const bool transposed = format == AscendFormat::NHWC || format == AscendFormat::HWCN;
    require(transposed || !o.empty(), fail, "without an original shape the logical layout is unknown");
    const auto view = [&]() -> PaddedView {
        switch (format) {
            case AscendFormat::NC1HWC0:
            case AscendFormat::NC1HWC0_C04: return channel_blocked_view(d, o, "NCHW", {0, 1, 2, 3}, fail);
            case AscendFormat::FRACTAL_Z:
                require(sub_format <= 1, fail, "FRACTAL_Z with " + std::to_string(sub_format) +
                                                   " groups (sub_format) is not converted: its layout is not verified");
                return fractal_z_view(d, o, 0, fail);
            case AscendFormat::FRACTAL_Z_3D: return fractal_z_view(d, o, 1, fail);
            case AscendFormat::FRACTAL_NZ: return fractal_nz_view(d, o, fail);
            case AscendFormat::NDC1HWC0: return channel_blocked_view(d, o, "NCDHW", {0, 2, 1, 3, 4}, fail);
            case AscendFormat::C1HWNCoC0: return c1hwncoc0_view(d, o, fail);
            case AscendFormat::NHWC: return nchw_transpose_view(d, o, {0, 3, 1, 2}, fail);
            case AscendFormat::HWCN: return nchw_transpose_view(d, o, {3, 2, 0, 1}, fail);
            default: throw std::logic_error("a blocked format without a view: " + format_label(format));
        }
    }();
    auto plan = plan_from(view);
    plan.device_shape = d;  // the view may have reshaped it
    if (format == AscendFormat::FRACTAL_NZ) plan.logical_shape = o;  // a 1-D original stays 1-D
    return plan;
}

LayoutPlan plan_transpose(std::span<const std::int64_t> shape, std::span<const std::size_t> order) {
    PaddedView view{{shape.begin(), shape.end()}, row_major_strides(shape), {order.begin(), order.end()}, {}};
    for (const auto axis : order) view.axes.push_back({shape[axis]});
    return plan_from(view);
}

std::vector<StridedCopy> pieces_of(const std::vector<StridedCopy>& copies, std::int64_t piece_elements) {
    std::vector<StridedCopy> pieces;
    for (const auto& copy : copies) {
        std::size_t outer = copy.shape.size();
        for (std::size_t axis = 0; axis < copy.shape.size(); ++axis) {
            if (copy.shape[axis] > 1 && (outer == copy.shape.size() ||
                                         copy.target_strides[axis] > copy.target_strides[outer])) {
                outer = axis;
            }
        }
        if (outer == copy.shape.size()) {
            pieces.push_back(copy);
            continue;
        }
        const std::int64_t step = std::max<std::int64_t>(1, piece_elements / copy.target_strides[outer]);
        for (std::int64_t begin = 0; begin < copy.shape[outer]; begin += step) {
            StridedCopy piece = copy;
            piece.shape[outer] = std::min(step, copy.shape[outer] - begin);
            piece.source_offset += begin * copy.source_strides[outer];
            piece.target_offset += begin * copy.target_strides[outer];
            pieces.push_back(std::move(piece));
        }
    }
    return pieces;
}

void run_layout_plan_into(const TensorView& device, const LayoutPlan& plan, std::byte* target, CopyEngine engine,
                          ThreadPool* pool) {
    if (device.shape != plan.device_shape || !device.is_contiguous()) {
        throw std::invalid_argument("run_layout_plan: the tensor is not the contiguous device tensor of the plan");
    }
    const std::size_t element_size = dtype_size(device.dtype);
    const auto copy = [&](const StridedCopy& piece) {
        if (engine == CopyEngine::Fast) {
            copy_strided(piece, device.data, target, element_size);
        } else {
            copy_strided_reference(piece, device.data, target, element_size);
        }
    };
    if (pool == nullptr || pool->size() == 1) {
        for (const auto& piece : plan.copies) copy(piece);
        return;
    }
    constexpr std::int64_t kPieceBytes = 4 << 20;
    const auto pieces = pieces_of(plan.copies, kPieceBytes / static_cast<std::int64_t>(element_size));
    pool->parallel_for(static_cast<std::int64_t>(pieces.size()),
                       [&](std::int64_t i) { copy(pieces[static_cast<std::size_t>(i)]); });
}

namespace {

// A buffer for the logical array. Large ones are mapped with MAP_POPULATE:
// the kernel then provides every page in one call instead of one fault per
// 4 KiB page, which is most of a conversion's time (bench/README.md).
std::shared_ptr<std::byte[]> new_buffer(std::size_t bytes) {
    constexpr std::size_t kPopulateFrom = 16 << 20;
    if (bytes >= kPopulateFrom) {
        void* mapped =
            ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
        if (mapped != MAP_FAILED) {
            return {static_cast<std::byte*>(mapped), [bytes](std::byte* p) { ::munmap(p, bytes); }};
        }
    }
    return std::shared_ptr<std::byte[]>(new std::byte[std::max<std::size_t>(bytes, 1)]);
}

}  // namespace

TensorView run_layout_plan(const TensorView& device, const LayoutPlan& plan, CopyEngine engine, ThreadPool* pool) {
    const std::size_t element_size = dtype_size(device.dtype);
    const auto count = static_cast<std::size_t>(element_count(plan.logical_shape).value_or(0));
    auto buffer = new_buffer(count * element_size);
    run_layout_plan_into(device, plan, buffer.get(), engine, pool);
    TensorView logical;
    logical.dtype = device.dtype;
    logical.shape = plan.logical_shape;
    logical.strides = row_major_strides(plan.logical_shape);
    logical.data = buffer.get();
    logical.owner = std::move(buffer);
    return logical;
}

}  // namespace msprobe::tensor
