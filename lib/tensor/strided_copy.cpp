#include "tensor/strided_copy.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>
#include <xtensor/xadapt.hpp>
#include <xtensor/xassign.hpp>
#include <xtensor/xnoalias.hpp>

namespace msprobe::tensor {
namespace {

// An element as its bytes: no alignment is assumed (a dump's data section
// starts wherever its header ends).
template <std::size_t Width>
struct Element {
    std::array<std::byte, Width> bytes;
};

struct Axis {
    std::int64_t size;
    std::int64_t source_stride;
    std::int64_t target_stride;
};

// Size-1 axes dropped, axes ordered as the target walks them, and neighbours
// merged where both sides step through them as one axis.
std::vector<Axis> merged_axes(const StridedCopy& copy) {
    std::vector<Axis> axes;
    for (std::size_t i = 0; i < copy.shape.size(); ++i) {
        if (copy.shape[i] != 1) axes.push_back({copy.shape[i], copy.source_strides[i], copy.target_strides[i]});
    }
    std::stable_sort(axes.begin(), axes.end(),
                     [](const Axis& a, const Axis& b) { return a.target_stride > b.target_stride; });
    std::vector<Axis> merged;
    for (const auto& axis : axes) {
        if (!merged.empty()) {
            auto& outer = merged.back();
            if (outer.source_stride == axis.source_stride * axis.size &&
                outer.target_stride == axis.target_stride * axis.size) {
                outer = {outer.size * axis.size, axis.source_stride, axis.target_stride};
                continue;
            }
        }
        merged.push_back(axis);
    }
    return merged;
}

// Calls body(source_offset, target_offset) for every index of `axes`, last
// axis fastest.
template <class Body>
void for_each_index(const std::vector<Axis>& axes, Body&& body) {
    std::vector<std::int64_t> index(axes.size(), 0);
    std::int64_t source = 0;
    std::int64_t target = 0;
    while (true) {
        body(source, target);
        std::size_t dim = axes.size();
        while (true) {
            if (dim == 0) return;
            --dim;
            if (++index[dim] < axes[dim].size) {
                source += axes[dim].source_stride;
                target += axes[dim].target_stride;
                break;
            }
            source -= (index[dim] - 1) * axes[dim].source_stride;
            target -= (index[dim] - 1) * axes[dim].target_stride;
            index[dim] = 0;
        }
    }
}

// rows × cols elements; the source holds each column contiguously, the target
// each row. Square tiles keep both sides of a tile in the first-level cache.
template <std::size_t Width>
void transpose_block(const std::byte* source, std::byte* target, std::int64_t rows, std::int64_t cols,
                     std::int64_t source_column_stride, std::int64_t target_row_stride) {
    constexpr std::int64_t kTile = 32;
    for (std::int64_t col_begin = 0; col_begin < cols; col_begin += kTile) {
        const std::int64_t col_end = std::min(cols, col_begin + kTile);
        for (std::int64_t row_begin = 0; row_begin < rows; row_begin += kTile) {
            const std::int64_t row_end = std::min(rows, row_begin + kTile);
            for (std::int64_t row = row_begin; row < row_end; ++row) {
                std::byte* out = target + (row * target_row_stride) * static_cast<std::int64_t>(Width);
                const std::byte* in = source + row * static_cast<std::int64_t>(Width);
                for (std::int64_t col = col_begin; col < col_end; ++col) {
                    std::memcpy(out + col * static_cast<std::int64_t>(Width),
                                in + col * source_column_stride * static_cast<std::int64_t>(Width), Width);
                }
            }
        }
    }
}

template <std::size_t Width>
void copy_fast(const StridedCopy& copy, const std::byte* source, std::byte* target) {
    constexpr auto width = static_cast<std::int64_t>(Width);
    source += copy.source_offset * width;
    target += copy.target_offset * width;
    auto axes = merged_axes(copy);
    if (axes.empty()) {
        std::memcpy(target, source, Width);
        return;
    }
    const Axis inner = axes.back();
    if (inner.target_stride == 1 && inner.source_stride == 1) {
        axes.pop_back();
        const auto run_bytes = static_cast<std::size_t>(inner.size * width);
        // The fractal rows of FRACTAL_NZ are 32 or 64 bytes: a copy of a size
        // known at compile time is a few vector moves, not a call.
        const auto copy_runs = [&]<std::size_t RunBytes>() {
            for_each_index(axes, [&](std::int64_t s, std::int64_t t) {
                std::memcpy(target + t * width, source + s * width, RunBytes == 0 ? run_bytes : RunBytes);
            });
        };
        switch (run_bytes) {
            case 32: return copy_runs.template operator()<32>();
            case 64: return copy_runs.template operator()<64>();
            default: return copy_runs.template operator()<0>();
        }
    }
    const auto contiguous_in_source = std::find_if(axes.begin(), axes.end() - 1, [](const Axis& a) {
        return a.source_stride == 1;
    });
    if (inner.target_stride == 1 && contiguous_in_source != axes.end() - 1) {
        const Axis rows = *contiguous_in_source;
        axes.erase(contiguous_in_source);
        axes.pop_back();
        for_each_index(axes, [&](std::int64_t s, std::int64_t t) {
            transpose_block<Width>(source + s * width, target + t * width, rows.size, inner.size,
                                   inner.source_stride, rows.target_stride);
        });
        return;
    }
    axes.pop_back();
    for_each_index(axes, [&](std::int64_t s, std::int64_t t) {
        for (std::int64_t i = 0; i < inner.size; ++i) {
            std::memcpy(target + (t + i * inner.target_stride) * width, source + (s + i * inner.source_stride) * width,
                        Width);
        }
    });
}

// xtensor's adaptors take the element count of their shape (whatever the
// strides make them reach).
std::size_t element_count_of(const std::vector<std::size_t>& shape) {
    std::size_t count = 1;
    for (const auto d : shape) count *= d;
    return count;
}

template <std::size_t Width>
void copy_with_xtensor(const StridedCopy& copy, const std::byte* source, std::byte* target) {
    using E = Element<Width>;
    const std::vector<std::size_t> shape(copy.shape.begin(), copy.shape.end());
    const std::vector<std::ptrdiff_t> source_strides(copy.source_strides.begin(), copy.source_strides.end());
    const std::vector<std::ptrdiff_t> target_strides(copy.target_strides.begin(), copy.target_strides.end());
    auto* from = reinterpret_cast<E*>(const_cast<std::byte*>(source)) + copy.source_offset;
    auto* to = reinterpret_cast<E*>(target) + copy.target_offset;
    auto from_view =
        xt::adapt(from, element_count_of(shape), xt::no_ownership(), shape, source_strides);
    auto to_view = xt::adapt(to, element_count_of(shape), xt::no_ownership(), shape, target_strides);
    // Plain `=` between two adaptors given explicit strides copies nothing in
    // xtensor 0.24 (it goes through a temporary of dynamic layout); noalias
    // assigns element by element.
    xt::noalias(to_view) = from_view;
}

bool is_empty(const StridedCopy& copy) {
    return std::any_of(copy.shape.begin(), copy.shape.end(), [](std::int64_t d) { return d == 0; });
}

template <template <std::size_t> class Kernel>
void dispatch_width(std::size_t element_size, const StridedCopy& copy, const std::byte* source, std::byte* target) {
    if (is_empty(copy)) return;
    switch (element_size) {
        case 1: return Kernel<1>::run(copy, source, target);
        case 2: return Kernel<2>::run(copy, source, target);
        case 4: return Kernel<4>::run(copy, source, target);
        case 8: return Kernel<8>::run(copy, source, target);
        case 16: return Kernel<16>::run(copy, source, target);
        default: throw std::logic_error("strided copy of " + std::to_string(element_size) + "-byte elements");
    }
}

template <std::size_t Width>
struct FastKernel {
    static void run(const StridedCopy& c, const std::byte* s, std::byte* t) { copy_fast<Width>(c, s, t); }
};
template <std::size_t Width>
struct XtensorKernel {
    static void run(const StridedCopy& c, const std::byte* s, std::byte* t) { copy_with_xtensor<Width>(c, s, t); }
};

}  // namespace

void copy_strided(const StridedCopy& copy, const std::byte* source, std::byte* target, std::size_t element_size) {
    dispatch_width<FastKernel>(element_size, copy, source, target);
}

void copy_strided_reference(const StridedCopy& copy, const std::byte* source, std::byte* target,
                            std::size_t element_size) {
    dispatch_width<XtensorKernel>(element_size, copy, source, target);
}

}  // namespace msprobe::tensor
