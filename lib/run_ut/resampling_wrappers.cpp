#include "run_ut/resampling_wrappers.hpp"

#include <ATen/ATen.h>
#include <fmt/format.h>

#include <cmath>

#include "run_ut/api_executor.hpp"
#include "run_ut/python_signature.hpp"
#include "run_ut/skip_api.hpp"

namespace msprobe::run_ut {

namespace {

using namespace py;  // signature defaults: none(), i(), f(), b(), s()

constexpr const char* kFamily = "Functional";

// An int or a per-dimension list -> `dims` values (Python's _ntuple).
std::vector<double> per_dim(const PyValue& v, std::int64_t dims, const char* what) {
    if (v.kind == PyValue::Kind::List) {
        if (static_cast<std::int64_t>(v.items.size()) != dims) {
            throw SkipApi(fmt::format("Input and {} must have the same number of spatial dimensions, but got "
                                             "input with spatial dimensions of {} and {} of {}",
                                             what, dims, what, v.items.size()));
        }
        std::vector<double> out;
        for (const auto& item : v.items) out.push_back(item.number());
        return out;
    }
    if (!v.is_number()) throw SkipApi(fmt::format("{} must be a number or a list", what));
    return std::vector<double>(static_cast<std::size_t>(dims), v.number());
}

PyValue int_list(const std::vector<double>& values) {
    std::vector<std::int64_t> out;
    for (const double v : values) out.push_back(static_cast<std::int64_t>(v));
    return py::ints(out);
}

PyValue float_list(const std::vector<double>& values) {
    std::vector<PyValue> items;
    for (const double v : values) items.push_back(py::f(v));
    return PyValue::list(std::move(items));
}

// torch.nn.functional.interpolate of torch 1.13.
c10::IValue interpolate(const Bound& a) {
    const auto& input = a.at("input");
    if (input.kind != PyValue::Kind::Tensor) throw SkipApi("interpolate needs a tensor input");
    const std::string mode = a.at("mode").text;
    const std::int64_t dims = input.tensor.dim() - 2;
    const bool linear = mode == "linear" || mode == "bilinear" || mode == "bicubic" || mode == "trilinear";
    if (!linear && !is_none(a.at("align_corners"))) {
        throw SkipApi(
            "align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | "
            "trilinear");
    }
    const bool align_corners = linear && !is_none(a.at("align_corners")) && truthy(a.at("align_corners"));
    if (dims < 1 || dims > 3) {
        throw SkipApi(
            fmt::format("Input Error: Only 3D, 4D and 5D input Tensors supported (got {}D) for the modes: "
                        "nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got {})",
                        input.tensor.dim(), mode));
    }
    const auto& size = a.at("size");
    const auto& scale = a.at("scale_factor");
    if (!is_none(size) && !is_none(scale)) throw SkipApi("only one of size or scale_factor should be defined");
    PyValue output_size = none();
    PyValue scale_factors = none();
    if (!is_none(size)) {
        output_size = int_list(per_dim(size, dims, "size"));
    } else if (!is_none(scale)) {
        const auto factors = per_dim(scale, dims, "scale_factor");
        if (truthy(a.at("recompute_scale_factor"))) {
            std::vector<double> sizes;
            for (std::int64_t d = 0; d < dims; ++d) {
                sizes.push_back(
                    std::floor(static_cast<double>(input.tensor.size(d + 2)) * factors[static_cast<std::size_t>(d)]));
            }
            output_size = int_list(sizes);
        } else {
            scale_factors = float_list(factors);
        }
    } else {
        throw SkipApi("either size or scale_factor should be defined");
    }
    const bool antialias = truthy(a.at("antialias"));
    if (antialias && !(dims == 2 && (mode == "bilinear" || mode == "bicubic"))) {
        throw SkipApi("Anti-alias option is only supported for bilinear and bicubic modes");
    }
    const std::string nd = std::to_string(dims) + "d";
    if (mode == "nearest") return call_aten("upsample_nearest" + nd, {input, output_size, scale_factors}, {});
    if (mode == "nearest-exact")
        return call_aten("_upsample_nearest_exact" + nd, {input, output_size, scale_factors}, {});
    if (mode == "area") {
        if (is_none(output_size)) throw SkipApi("area mode needs an output size (or recompute_scale_factor=True)");
        return call_aten("adaptive_avg_pool" + nd, {input, output_size}, {});
    }
    const PyValue corners = b(align_corners);
    if (mode == "linear" && dims == 1)
        return call_aten("upsample_linear1d", {input, output_size, corners, scale_factors}, {});
    if (mode == "bilinear" && dims == 2) {
        return call_aten(antialias ? "_upsample_bilinear2d_aa" : "upsample_bilinear2d",
                         {input, output_size, corners, scale_factors}, {});
    }
    if (mode == "trilinear" && dims == 3)
        return call_aten("upsample_trilinear3d", {input, output_size, corners, scale_factors}, {});
    if (mode == "bicubic" && dims == 2) {
        return call_aten(antialias ? "_upsample_bicubic2d_aa" : "upsample_bicubic2d",
                         {input, output_size, corners, scale_factors}, {});
    }
    if (linear)
        throw SkipApi(fmt::format("Got {}D input, but {} mode needs a different input rank", input.tensor.dim(), mode));
    throw SkipApi(
        fmt::format("Input Error: Only 3D, 4D and 5D input Tensors supported (got {}D) for the modes: "
                    "nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got {})",
                    input.tensor.dim(), mode));
}

const PySignature& interpolate_signature() {
    static const PySignature signature = {{"input", none()},         {"size", none()},
                                          {"scale_factor", none()},  {"mode", s("nearest")},
                                          {"align_corners", none()}, {"recompute_scale_factor", none()},
                                          {"antialias", b(false)}};
    return signature;
}

std::int64_t enum_code(const std::string& value, const std::vector<std::string>& names, const char* what) {
    for (std::size_t k = 0; k < names.size(); ++k) {
        if (names[k] == value) return static_cast<std::int64_t>(k);
    }
    throw SkipApi(fmt::format(
        "nn.functional.grid_sample(): expected {} to be one of the supported values, but got: '{}'", what, value));
}

}  // namespace

void register_resampling_wrappers(ApiRegistry& registry) {
    registry.add(kFamily, "interpolate", interpolate_signature(), interpolate);
    for (const std::string name : {"upsample", "upsample_nearest", "upsample_bilinear"}) {
        PySignature signature = {{"input", none()}, {"size", none()}, {"scale_factor", none()}};
        if (name == "upsample") {
            signature.emplace_back("mode", s("nearest"));
            signature.emplace_back("align_corners", none());
        }
        registry.add(kFamily, name, std::move(signature), [name](const Bound& bound) {
            Bound a = bound;
            for (const auto& [k, v] : interpolate_signature()) a.try_emplace(k, v);
            if (name == "upsample_nearest") a["mode"] = s("nearest");
            if (name == "upsample_bilinear") {
                a["mode"] = s("bilinear");
                a["align_corners"] = b(true);
            }
            return interpolate(a);
        });
    }
    registry.add(kFamily, "grid_sample",
                 {{"input", none()}, {"grid", none()}, {"mode", s("bilinear")}, {"padding_mode", s("zeros")},
                  {"align_corners", none()}},
                 [](const Bound& a) {
                     const auto mode = enum_code(a.at("mode").text, {"bilinear", "nearest", "bicubic"}, "mode");
                     const auto padding =
                         enum_code(a.at("padding_mode").text, {"zeros", "border", "reflection"}, "padding_mode");
                     return call_aten("grid_sampler", {a.at("input"), a.at("grid"), py::i(mode), py::i(padding),
                                                       b(truthy(a.at("align_corners")))}, {});
                 });
    registry.add(kFamily, "affine_grid", {{"theta", none()}, {"size", none()}, {"align_corners", none()}},
                 [](const Bound& a) {
                     return call_aten("affine_grid_generator",
                                      {a.at("theta"), a.at("size"), b(truthy(a.at("align_corners")))}, {});
                 });
    registry.add(kFamily, "unfold",
                 {{"input", none()},
                  {"kernel_size", none()},
                  {"dilation", py::i(1)},
                  {"padding", py::i(0)},
                  {"stride", py::i(1)}},
                 [](const Bound& a) {
                     return call_aten("im2col", {a.at("input"), a.at("kernel_size"), a.at("dilation"), a.at("padding"),
                                                 a.at("stride")}, {});
                 });
    registry.add(kFamily, "fold",
                 {{"input", none()},
                  {"output_size", none()},
                  {"kernel_size", none()},
                  {"dilation", py::i(1)},
                  {"padding", py::i(0)},
                  {"stride", py::i(1)}},
                 [](const Bound& a) {
                     return call_aten("col2im",
                                      {a.at("input"), a.at("output_size"), a.at("kernel_size"), a.at("dilation"),
                                       a.at("padding"), a.at("stride")},
                                      {});
                 });
}

}  // namespace msprobe::run_ut
