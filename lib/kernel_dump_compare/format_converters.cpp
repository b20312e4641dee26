#include "kernel_dump_compare/format_converters.hpp"

#include <fmt/format.h>

#include "common/error.hpp"

namespace msprobe::kernel_dump_compare {

namespace {

using tensor::AscendFormat;
using Shape = std::vector<std::int64_t>;

FloatArray reshaped(std::vector<float> values, Shape shape, const std::string& what) {
    if (element_count_of(shape) != static_cast<std::int64_t>(values.size())) {
        throw Error(what, fmt::format("cannot reshape array of size {} into shape ({})", values.size(),
                                      fmt::join(shape, ", ")));
    }
    return FloatArray{std::move(shape), std::move(values)};
}

FloatArray permute(FloatArray array, std::initializer_list<std::size_t> axes) {
    const std::vector<std::size_t> order(axes);
    return transposed(array, order);
}

// Python's [:pad] where pad = wanted - have (None when equal): the dim's new length.
std::int64_t padded_limit(std::int64_t dim, std::int64_t wanted, std::int64_t have) {
    if (wanted == have) return dim;
    const std::int64_t pad = wanted - have;
    if (pad < 0) return std::max<std::int64_t>(dim + pad, 0);
    return std::min(pad, dim);
}

std::int64_t product(std::span<const std::int64_t> dims) { return element_count_of(dims); }

// convert_FRACTAL_NZ_to_{ND,NCHW,NHWC}: all three read the last four device dims the same way.
FloatArray from_fractal_nz(std::span<const std::int64_t> from, std::span<const std::int64_t> to,
                           std::vector<float> values, const std::string& what) {
    if (from.size() < 4 || to.empty()) throw Error(what, "FRACTAL_NZ needs 4 device dims and a golden shape");
    std::int64_t h = 1, n = 1, c = to.back();
    if (to.size() == 2) {
        n = to[0];
    } else if (to.size() > 2) {
        h = product(to.first(to.size() - 2));
        n = to[to.size() - 2];
    }
    const std::int64_t c1 = from[from.size() - 4], no = from[from.size() - 3], ni = from[from.size() - 2],
                       c0 = from[from.size() - 1];
    FloatArray a = permute(reshaped(std::move(values), {h, c1, no, ni, c0}, what), {0, 2, 3, 1, 4});
    a.shape = {h, no * ni, c1 * c0};
    const Shape limits = {h, padded_limit(no * ni, n, no * ni), padded_limit(c1 * c0, c, c1 * c0)};
    a = cropped(a, limits);
    if (to.size() <= 2) a.shape = {a.shape[1], a.shape[2]};
    return a;
}

}  // namespace

bool has_converter(AscendFormat from, AscendFormat to) {
    using F = AscendFormat;
    switch (from) {
        case F::NC1HWC0: return to == F::NCHW || to == F::NHWC || to == F::HWCN;
        case F::FRACTAL_Z: return to == F::NCHW || to == F::HWCN;
        case F::FRACTAL_NZ: return to == F::ND || to == F::NCHW || to == F::NHWC;
        case F::NHWC: return to == F::NCHW || to == F::HWCN;
        case F::HWCN: return to == F::NCHW || to == F::NHWC;
        case F::NCHW: return to == F::NHWC;
        case F::NDC1HWC0: return to == F::NCDHW || to == F::ND;
        default: return false;
    }
}

std::optional<FloatArray> convert_format(AscendFormat from, AscendFormat to, std::span<const std::int64_t> shape_from,
                                         std::span<const std::int64_t> shape_to, std::vector<float> values,
                                         const std::string& what) {
    using F = AscendFormat;
    if (!has_converter(from, to)) return std::nullopt;
    const Shape s(shape_from.begin(), shape_from.end());
    const auto need = [&](std::size_t rank) {
        if (s.size() < rank) throw Error(what, fmt::format("the device shape has fewer than {} dims", rank));
    };
    switch (from) {
        case F::NC1HWC0: {
            need(5);
            FloatArray a = reshaped(std::move(values), {s[0], s[1], s[2], s[3], s[4]}, what);
            if (to == F::NCHW) {
                a = permute(std::move(a), {0, 1, 4, 2, 3});
                a.shape = {s[0], s[1] * s[4], s[2], s[3]};
            } else if (to == F::NHWC) {
                a = permute(std::move(a), {0, 2, 3, 1, 4});
                a.shape = {s[0], s[2], s[3], s[1] * s[4]};
            } else {
                a = permute(std::move(a), {2, 3, 1, 4, 0});
                a.shape = {s[2], s[3], s[1] * s[4], s[0]};
            }
            return a;
        }
        case F::FRACTAL_Z: {
            need(4);
            if (shape_to.size() < 4) throw Error(what, "FRACTAL_Z needs a 4-dim golden shape");
            const bool nchw = to == F::NCHW;
            const std::int64_t n = nchw ? shape_to[0] : shape_to[3], c = nchw ? shape_to[1] : shape_to[2];
            const std::int64_t h = nchw ? shape_to[2] : shape_to[0], w = nchw ? shape_to[3] : shape_to[1];
            if (h * w == 0) throw Error(what, "the golden shape has an empty spatial dim");
            const std::int64_t no = s[1], ni = s[2], c1 = s[0] / (h * w), c0 = s[3];
            FloatArray a = reshaped(std::move(values), {c1, h, w, no, ni, c0}, what);
            if (nchw) {
                a = permute(std::move(a), {3, 4, 0, 5, 1, 2});
                a.shape = {no * ni, c1 * c0, h, w};
                return cropped(a, Shape{padded_limit(no * ni, n, no * ni), padded_limit(c1 * c0, c, c1 * c0)});
            }
            a = permute(std::move(a), {1, 2, 0, 5, 3, 4});
            a.shape = {h, w, c1 * c0, no * ni};
            return cropped(a, Shape{h, w, padded_limit(c1 * c0, c, c1 * c0), padded_limit(no * ni, n, no * ni)});
        }
        case F::FRACTAL_NZ: return from_fractal_nz(shape_from, shape_to, std::move(values), what);
        case F::NHWC: {
            need(4);
            FloatArray a = reshaped(std::move(values), {s[0], s[1], s[2], s[3]}, what);
            return to == F::NCHW ? permute(std::move(a), {0, 3, 1, 2}) : permute(std::move(a), {1, 2, 3, 0});
        }
        case F::HWCN: {
            need(4);
            FloatArray a = reshaped(std::move(values), {s[0], s[1], s[2], s[3]}, what);
            return to == F::NCHW ? permute(std::move(a), {3, 2, 0, 1}) : permute(std::move(a), {3, 0, 1, 2});
        }
        case F::NCHW: {
            need(4);
            return permute(reshaped(std::move(values), {s[0], s[1], s[2], s[3]}, what), {0, 2, 3, 1});
        }
        case F::NDC1HWC0: {
            need(6);
            FloatArray a = permute(reshaped(std::move(values), s, what), {0, 2, 5, 1, 3, 4});
            a.shape = {s[0], s[2] * s[5], s[1], s[3], s[4]};
            if (to == F::NCDHW || shape_to.size() == 5) {
                if (shape_to.size() < 2) throw Error(what, "NDC1HWC0 needs a golden shape of 2 dims at least");
                return cropped(a, Shape{s[0], padded_limit(s[2] * s[5], shape_to[1], s[2] * s[5])});
            }
            return a;
        }
        default: return std::nullopt;
    }
}

}  // namespace msprobe::kernel_dump_compare
