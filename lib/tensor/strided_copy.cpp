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

// rows [row_begin, row_end) × cols [col_begin, col_end) of a block whose
// source holds each column contiguously and whose target holds each row
// contiguously, one element at a time.
template <std::size_t Width>
void transpose_elements(const std::byte* source, std::byte* target, std::int64_t row_begin, std::int64_t row_end,
                        std::int64_t col_begin, std::int64_t col_end, std::int64_t source_column_stride,
                        std::int64_t target_row_stride) {
    constexpr auto width = static_cast<std::int64_t>(Width);
    for (std::int64_t row = row_begin; row < row_end; ++row) {
        std::byte* out = target + row * target_row_stride * width;
        const std::byte* in = source + row * width;
        for (std::int64_t col = col_begin; col < col_end; ++col) {
            std::memcpy(out + col * width, in + col * source_column_stride * width, Width);
        }
    }
}

// Eight 2-byte lanes: GCC and clang turn the shuffles below into the target's
// own interleave instructions (SSE2 unpack, NEON zip).
using Lanes16 = std::uint16_t __attribute__((vector_size(16)));

// An 8×8 tile of 2-byte elements transposed in registers: eight source
// columns in, eight target rows out, by three rounds of interleaving
// (elements, pairs, quadruples).
void transpose_tile_8x8(const std::byte* source, std::int64_t source_column_bytes, std::byte* target,
                        std::int64_t target_row_bytes) {
    Lanes16 column[8];
    for (std::int64_t j = 0; j < 8; ++j) std::memcpy(&column[j], source + j * source_column_bytes, sizeof(Lanes16));
    Lanes16 pairs[8];
    for (std::size_t k = 0; k < 8; k += 2) {
        pairs[k] = __builtin_shufflevector(column[k], column[k + 1], 0, 8, 1, 9, 2, 10, 3, 11);
        pairs[k + 1] = __builtin_shufflevector(column[k], column[k + 1], 4, 12, 5, 13, 6, 14, 7, 15);
    }
    // quads[q]: rows 2·(q mod 4), 2·(q mod 4) + 1 of columns 0-3 (q < 4) or 4-7.
    Lanes16 quads[8];
    for (std::size_t half = 0; half < 2; ++half) {
        const Lanes16* p = pairs + 4 * half;
        Lanes16* q = quads + 4 * half;
        q[0] = __builtin_shufflevector(p[0], p[2], 0, 1, 8, 9, 2, 3, 10, 11);
        q[1] = __builtin_shufflevector(p[0], p[2], 4, 5, 12, 13, 6, 7, 14, 15);
        q[2] = __builtin_shufflevector(p[1], p[3], 0, 1, 8, 9, 2, 3, 10, 11);
        q[3] = __builtin_shufflevector(p[1], p[3], 4, 5, 12, 13, 6, 7, 14, 15);
    }
    for (std::size_t r = 0; r < 4; ++r) {
        const Lanes16 even = __builtin_shufflevector(quads[r], quads[r + 4], 0, 1, 2, 3, 8, 9, 10, 11);
        const Lanes16 odd = __builtin_shufflevector(quads[r], quads[r + 4], 4, 5, 6, 7, 12, 13, 14, 15);
        std::memcpy(target + static_cast<std::int64_t>(2 * r) * target_row_bytes, &even, sizeof(Lanes16));
        std::memcpy(target + static_cast<std::int64_t>(2 * r + 1) * target_row_bytes, &odd, sizeof(Lanes16));
    }
}

// rows × cols elements; the source holds each column contiguously, the target
// each row (NC1HWC0's C0 against W). 2-byte elements go through 8×8 register
// tiles, the rest and the edges element by element.
template <std::size_t Width>
void transpose_block(const std::byte* source, std::byte* target, std::int64_t rows, std::int64_t cols,
                     std::int64_t source_column_stride, std::int64_t target_row_stride) {
    std::int64_t tiled_rows = 0;
    std::int64_t tiled_cols = 0;
    if constexpr (Width == 2) {
        tiled_rows = rows - rows % 8;
        tiled_cols = cols - cols % 8;
        for (std::int64_t col = 0; col < tiled_cols; col += 8) {
            for (std::int64_t row = 0; row < tiled_rows; row += 8) {
                transpose_tile_8x8(source + (row + col * source_column_stride) * 2, source_column_stride * 2,
                                   target + (row * target_row_stride + col) * 2, target_row_stride * 2);
            }
        }
    }
    const auto elements = [&](std::int64_t row_begin, std::int64_t row_end, std::int64_t col_begin,
                              std::int64_t col_end) {
        transpose_elements<Width>(source, target, row_begin, row_end, col_begin, col_end, source_column_stride,
                                  target_row_stride);
    };
    elements(0, rows, tiled_cols, cols);        // right edge, every row
    elements(tiled_rows, rows, 0, tiled_cols);  // bottom edge
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
