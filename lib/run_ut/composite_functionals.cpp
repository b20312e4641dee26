#include "run_ut/composite_functionals.hpp"

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

// An int or a list -> `n` ints (Python's _single/_pair/_triple).
std::vector<std::int64_t> n_tuple(const PyValue& v, std::size_t n) {
    if (v.kind == PyValue::Kind::Int) return std::vector<std::int64_t>(n, v.integer);
    std::vector<std::int64_t> out;
    for (const auto& item : v.items) out.push_back(item.integer);
    if (out.size() != n) throw SkipApi(fmt::format("expected {} values, got {}", n, out.size()));
    return out;
}

at::Tensor reduce(const at::Tensor& loss, std::int64_t reduction) {
    if (reduction == 1) return loss.mean();
    if (reduction == 2) return loss.sum();
    return loss;
}

c10::IValue local_response_norm(const Bound& a) {
    const auto& input = tensor_arg(a, "input");
    const auto size = a.at("size").integer;
    if (input.dim() < 3) {
        throw SkipApi(fmt::format("Expected 3D or higher dimensionality input (got {} dimensions)", input.dim()));
    }
    if (input.numel() == 0) return input;
    auto div = input.mul(input).unsqueeze(1);
    if (input.dim() == 3) {
        div = at::constant_pad_nd(div, {0, 0, size / 2, (size - 1) / 2});
        div = at::avg_pool2d(div, {size, 1}, {1}).squeeze(1);
    } else {
        const auto sizes = input.sizes().vec();
        div = div.view({sizes[0], 1, sizes[1], sizes[2], -1});
        div = at::constant_pad_nd(div, {0, 0, 0, 0, size / 2, (size - 1) / 2});
        div = at::avg_pool3d(div, {size, 1, 1}, {1}).squeeze(1).view(sizes);
    }
    div = div.mul(a.at("alpha").number()).add(a.at("k").number()).pow(a.at("beta").number());
    return input / div;
}

c10::IValue lp_pool(const Bound& a, std::size_t dims) {
    const auto& input = tensor_arg(a, "input");
    const double p = a.at("norm_type").number();
    const auto kernel = n_tuple(a.at("kernel_size"), dims);
    const auto stride = is_none(a.at("stride")) ? kernel : n_tuple(a.at("stride"), dims);
    const bool ceil = truthy(a.at("ceil_mode"));
    const auto powered = input.pow(p);
    const auto out = dims == 1 ? at::avg_pool1d(powered, kernel, stride, {0}, ceil)
                               : at::avg_pool2d(powered, kernel, stride, {0}, ceil);
    std::int64_t area = 1;
    for (const auto k : kernel) area *= k;
    return (at::sign(out) * at::relu(at::abs(out))).mul(area).pow(1.0 / p);
}

c10::IValue gaussian_nll_loss(const Bound& a) {
    const auto& input = tensor_arg(a, "input");
    const auto& target = tensor_arg(a, "target");
    at::Tensor var = tensor_arg(a, "var");
    if (var.sizes() != input.sizes()) {
        const auto lead = input.sizes().slice(0, input.dim() - 1);
        if (var.sizes() == lead) {
            var = var.unsqueeze(-1);
        } else if (!(var.dim() == input.dim() && var.sizes().slice(0, var.dim() - 1) == lead && var.size(-1) == 1)) {
            throw SkipApi("var is of incorrect size");
        }
    }
    const auto reduction = reduction_code(a);
    if (at::any(var < 0).item<bool>()) throw SkipApi("var has negative entry/entries");
    var = var.clone();
    {
        at::NoGradGuard no_grad;
        var.clamp_(a.at("eps").number());
    }
    auto loss = 0.5 * (at::log(var) + (input - target).pow(2) / var);
    if (truthy(a.at("full"))) loss = loss + 0.5 * std::log(2 * M_PI);
    return reduce(loss, reduction);
}

c10::IValue multilabel_soft_margin_loss(const Bound& a) {
    const auto& input = tensor_arg(a, "input");
    const auto& target = tensor_arg(a, "target");
    auto loss = -(target * at::log_sigmoid(input) + (1 - target) * at::log_sigmoid(-input));
    if (!is_none(a.at("weight"))) loss = loss * tensor_arg(a, "weight");
    const auto class_dim = input.dim() - 1;
    loss = loss.sum(class_dim) / static_cast<double>(input.size(class_dim));
    return reduce(loss, reduction_code(a));
}

// The distance function defaults to pairwise_distance; a recorded callable is not rebuilt (null in the dump).
c10::IValue triplet_margin_with_distance_loss(const Bound& a) {
    const auto& anchor = tensor_arg(a, "anchor");
    const auto& positive = tensor_arg(a, "positive");
    const auto& negative = tensor_arg(a, "negative");
    if (!is_none(a.at("distance_function"))) throw SkipApi("a custom distance_function cannot be rebuilt from a dump");
    const double margin = a.at("margin").number();
    if (margin <= 0)
        throw SkipApi(fmt::format(
            "triplet_margin_with_distance_loss: expected margin to be greater than 0, got {} instead", margin));
    const auto dist_pos = at::pairwise_distance(anchor, positive);
    auto dist_neg = at::pairwise_distance(anchor, negative);
    if (truthy(a.at("swap"))) dist_neg = at::min(dist_neg, at::pairwise_distance(positive, negative));
    const auto loss = at::clamp_min(margin + dist_pos - dist_neg, 0);
    const std::string r = a.at("reduction").text;
    return reduce(loss, r == "mean" ? 1 : r == "sum" ? 2 : 0);
}

c10::IValue max_unpool(const Bound& a, std::size_t dims) {
    const auto& input = tensor_arg(a, "input");
    const auto& indices = tensor_arg(a, "indices");
    const auto kernel = n_tuple(a.at("kernel_size"), dims);
    const auto stride = is_none(a.at("stride")) ? kernel : n_tuple(a.at("stride"), dims);
    const auto padding = n_tuple(a.at("padding"), dims);
    std::vector<std::int64_t> size;
    if (is_none(a.at("output_size"))) {
        for (std::size_t d = 0; d < dims; ++d) {
            const auto in = input.size(input.dim() - static_cast<std::int64_t>(dims - d));
            size.push_back((in - 1) * stride[d] + kernel[d] - 2 * padding[d]);
        }
    } else {
        std::vector<std::int64_t> given;
        for (const auto& item : a.at("output_size").items) given.push_back(item.integer);
        if (given.size() == dims + 2) given.erase(given.begin(), given.begin() + 2);
        if (given.size() != dims)
            throw SkipApi(fmt::format("output_size should be a sequence containing {} or {} elements", dims, dims + 2));
        size = given;
    }
    if (dims == 1) {
        size.push_back(1);
        return at::max_unpool2d(input.unsqueeze(-1), indices.unsqueeze(-1), size).squeeze(-1);
    }
    if (dims == 2) return at::max_unpool2d(input, indices, size);
    return at::max_unpool3d(input, indices, size, stride, padding);
}

PySignature lp_pool_signature() {
    return {
        {"input", none()}, {"norm_type", none()}, {"kernel_size", none()}, {"stride", none()}, {"ceil_mode", b(false)}};
}

PySignature max_unpool_signature() {
    return {{"input", none()}, {"indices", none()}, {"kernel_size", none()}, {"stride", none()}, {"padding", i(0)},
            {"output_size", none()}};
}

}  // namespace

void register_composite_functionals(ApiRegistry& registry) {
    registry.add(kFamily, "local_response_norm",
                 {{"input", none()}, {"size", none()}, {"alpha", f(1e-4)}, {"beta", f(0.75)}, {"k", f(1.0)}},
                 local_response_norm);
    registry.add(kFamily, "lp_pool1d", lp_pool_signature(), [](const Bound& a) { return lp_pool(a, 1); });
    registry.add(kFamily, "lp_pool2d", lp_pool_signature(), [](const Bound& a) { return lp_pool(a, 2); });
    registry.add(kFamily, "gaussian_nll_loss",
                 {{"input", none()}, {"target", none()}, {"var", none()}, {"full", b(false)}, {"eps", f(1e-6)},
                  {"reduction", s("mean")}},
                 gaussian_nll_loss);
    registry.add(kFamily, "multilabel_soft_margin_loss",
                 {{"input", none()},
                  {"target", none()},
                  {"weight", none()},
                  {"size_average", none()},
                  {"reduce", none()},
                  {"reduction", s("mean")}},
                 multilabel_soft_margin_loss);
    registry.add(kFamily, "triplet_margin_with_distance_loss",
                 {{"anchor", none()}, {"positive", none()}, {"negative", none()}, {"distance_function", none()},
                  {"margin", f(1.0)}, {"swap", b(false)}, {"reduction", s("mean")}},
                 triplet_margin_with_distance_loss);
    registry.add(kFamily, "max_unpool1d", max_unpool_signature(), [](const Bound& a) { return max_unpool(a, 1); });
    registry.add(kFamily, "max_unpool2d", max_unpool_signature(), [](const Bound& a) { return max_unpool(a, 2); });
    registry.add(kFamily, "max_unpool3d", max_unpool_signature(), [](const Bound& a) { return max_unpool(a, 3); });
}

}  // namespace msprobe::run_ut
