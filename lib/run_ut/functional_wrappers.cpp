#include "run_ut/functional_wrappers.hpp"

#include <ATen/ATen.h>
#include <fmt/format.h>

#include "run_ut/api_executor.hpp"
#include "run_ut/skip_api.hpp"

namespace msprobe::run_ut {

namespace {

using namespace py;  // signature defaults: none(), i(), f(), b(), s()

constexpr const char* kFamily = "Functional";

std::int64_t implicit_softmax_dim(const PyValue& input) {
    const auto nd = input.kind == PyValue::Kind::Tensor ? input.tensor.dim() : 1;
    return (nd == 0 || nd == 1 || nd == 3) ? 0 : 1;
}

PySignature activation_signature(const std::string& name) {
    if (name == "elu" || name == "celu") return {{"input", none()}, {"alpha", f(1.0)}, {"inplace", b(false)}};
    if (name == "leaky_relu") return {{"input", none()}, {"negative_slope", f(0.01)}, {"inplace", b(false)}};
    if (name == "hardtanh")
        return {{"input", none()}, {"min_val", f(-1.0)}, {"max_val", f(1.0)}, {"inplace", b(false)}};
    if (name == "threshold")
        return {{"input", none()}, {"threshold", none()}, {"value", none()}, {"inplace", b(false)}};
    if (name == "rrelu") {
        return {{"input", none()},
                {"lower", f(1.0 / 8)},
                {"upper", f(1.0 / 3)},
                {"training", b(false)},
                {"inplace", b(false)}};
    }
    return {{"input", none()}, {"inplace", b(false)}};
}

// The activations with an `inplace` flag: the flag picks aten::<name>_ over aten::<name>; relu6 is hardtanh(0, 6).
c10::IValue activation(const std::string& name, const Bound& a) {
    const bool inplace = truthy(a.at("inplace"));
    std::vector<PyValue> args = {a.at("input")};
    for (const auto& [k, v] : activation_signature(name)) {
        if (k != "input" && k != "inplace") args.push_back(a.at(k));
    }
    if (name == "hardtanh" || name == "relu6") {
        if (name == "relu6") args = {a.at("input"), f(0.0), f(6.0)};
        return call_aten(inplace ? "hardtanh_" : "hardtanh", args, {});
    }
    return call_aten(inplace ? name + "_" : name, args, {});
}

c10::IValue softmax(const std::string& name, const Bound& a) {
    PyValue dim = a.at("dim").kind == PyValue::Kind::None ? i(implicit_softmax_dim(a.at("input"))) : a.at("dim");
    PyValue input = a.at("input");
    if (name == "softmin") input = PyValue::of_tensor(input.tensor.neg());
    return call_aten(name == "log_softmax" ? "log_softmax" : "softmax", {input, dim, a.at("dtype")}, {});
}

c10::IValue dropout(const std::string& name, const Bound& a) {
    const double p = a.at("p").number();
    if (p < 0 || p > 1) throw SkipApi(fmt::format("dropout probability has to be between 0 and 1, but got {}", p));
    std::string op = name == "dropout" ? "dropout" : name == "alpha_dropout" ? "alpha_dropout"
                    : name == "feature_alpha_dropout" ? "feature_alpha_dropout" : "feature_dropout";
    if (truthy(a.at("inplace"))) op += "_";
    return call_aten(op, {a.at("input"), a.at("p"), a.at("training")}, {});
}

// max_pool{1,2,3}d[_with_indices]: the indices variant when the name or return_indices asks for it.
c10::IValue max_pool(const std::string& name, const Bound& a) {
    const std::string base = name.substr(0, 10);
    const bool indices = truthy(a.at("return_indices")) || name.size() > 10;
    PyValue stride = a.at("stride").kind == PyValue::Kind::None ? PyValue::list({}) : a.at("stride");
    std::vector<PyValue> args = {a.at("input"),   a.at("kernel_size"), stride,
                                 a.at("padding"), a.at("dilation"),    a.at("ceil_mode")};
    return call_aten(indices ? base + "_with_indices" : base, args, {});
}

// adaptive_max_pool{1,2,3}d[_with_indices]: ATen always returns (values, indices); Python keeps the values
// unless asked. None entries of output_size take the input's size.
c10::IValue adaptive_max_pool(const std::string& name, const Bound& a) {
    PyValue size = a.at("output_size");
    const auto& input = a.at("input");
    if (size.kind == PyValue::Kind::List && input.kind == PyValue::Kind::Tensor) {
        const auto spatial = static_cast<std::int64_t>(size.items.size());
        for (std::int64_t d = 0; d < spatial; ++d) {
            auto& item = size.items[static_cast<std::size_t>(d)];
            if (item.kind == PyValue::Kind::None) item = i(input.tensor.size(input.tensor.dim() - spatial + d));
        }
    }
    const auto out = call_aten(name.substr(0, 19), {input, size}, {});
    if (truthy(a.at("return_indices")) || name.size() > 19) return out;
    return out.toTupleRef().elements().at(0);
}

c10::IValue embedding(const Bound& a) {
    if (a.at("max_norm").kind != PyValue::Kind::None) throw SkipApi("embedding with max_norm is not supported yet");
    std::int64_t pad = -1;
    if (a.at("padding_idx").kind == PyValue::Kind::Int) {
        pad = a.at("padding_idx").integer;
        if (pad < 0) pad += a.at("weight").tensor.size(0);
    }
    return call_aten("embedding", {a.at("weight"), a.at("input"), i(pad), a.at("scale_grad_by_freq"), a.at("sparse")},
                     {});
}

// torch.nn.functional.embedding_bag of torch 1.13: 2-D input becomes fixed-size bags, mode names become codes.
c10::IValue embedding_bag(const Bound& a) {
    PyValue input = a.at("input");
    PyValue weight = a.at("weight");
    PyValue offsets = a.at("offsets");
    PyValue per_sample_weights = a.at("per_sample_weights");
    if (input.kind != PyValue::Kind::Tensor || weight.kind != PyValue::Kind::Tensor) {
        throw SkipApi("embedding_bag needs tensor input and weight");
    }
    // The deprecated (weight, input) order.
    if (weight.tensor.scalar_type() == at::kLong && at::isFloatingType(input.tensor.scalar_type()))
        std::swap(input, weight);
    if (a.at("max_norm").kind != PyValue::Kind::None) throw SkipApi("embedding_bag with max_norm is not supported yet");
    const std::string mode = a.at("mode").text;
    const std::int64_t mode_code = mode == "sum" ? 0 : mode == "mean" ? 1 : mode == "max" ? 2 : -1;
    if (mode_code < 0) throw SkipApi(fmt::format("mode has to be one of sum, mean or max, but got {}", mode));
    if (per_sample_weights.kind != PyValue::Kind::None && mode != "sum") {
        throw SkipApi(
            fmt::format("embedding_bag: per_sample_weights was not None. per_sample_weights is only "
                        "supported for mode='sum' (got mode='{}'). Please open a feature request on GitHub.",
                        mode));
    }
    if (input.tensor.dim() == 2) {
        if (offsets.kind != PyValue::Kind::None) throw SkipApi("if input is 2D, then offsets has to be None");
        const auto bag = input.tensor.size(1);
        offsets = PyValue::of_tensor(at::arange(0, input.tensor.numel(), bag, input.tensor.options().dtype(at::kLong)));
        input = PyValue::of_tensor(input.tensor.reshape(-1));
        if (per_sample_weights.kind == PyValue::Kind::Tensor) {
            per_sample_weights =
                PyValue::of_tensor(per_sample_weights.tensor.reshape(-1), per_sample_weights.wants_grad);
        }
    } else if (input.tensor.dim() == 1) {
        if (offsets.kind != PyValue::Kind::Tensor || offsets.tensor.dim() != 1) {
            throw SkipApi("offsets has to be a 1D Tensor but got None");
        }
    } else {
        throw SkipApi(
            fmt::format("input has to be 1D or 2D Tensor, but got Tensor of dimension {}", input.tensor.dim()));
    }
    // None stays None (ATen would wrap -1 to the last row).
    PyValue pad = a.at("padding_idx");
    if (pad.kind == PyValue::Kind::Int && pad.integer < 0) pad.integer += weight.tensor.size(0);
    const auto out = call_aten("embedding_bag",
                               {weight, input, offsets, a.at("scale_grad_by_freq"), i(mode_code), a.at("sparse"),
                                per_sample_weights, a.at("include_last_offset"), pad},
                               {});
    return out.toTupleRef().elements().at(0);
}

void register_activations(ApiRegistry& registry) {
    for (const std::string name : {"relu", "relu6", "elu", "selu", "celu", "leaky_relu", "hardtanh", "threshold",
                                   "rrelu", "hardsigmoid", "silu", "hardswish", "mish"}) {
        registry.add(kFamily, name, activation_signature(name), [name](const Bound& a) { return activation(name, a); });
    }
    for (const std::string name : {"softmax", "log_softmax", "softmin"}) {
        registry.add(kFamily, name, {{"input", none()}, {"dim", none()}, {"_stacklevel", i(3)}, {"dtype", none()}},
                     [name](const Bound& a) { return softmax(name, a); });
    }
    for (const std::string name :
         {"dropout", "alpha_dropout", "feature_alpha_dropout", "dropout1d", "dropout2d", "dropout3d"}) {
        const bool training_default = name != "alpha_dropout" && name != "feature_alpha_dropout";
        registry.add(kFamily, name,
                     {{"input", none()}, {"p", f(0.5)}, {"training", b(training_default)}, {"inplace", b(false)}},
                     [name](const Bound& a) { return dropout(name, a); });
    }
    registry.add(kFamily, "logsigmoid",
                 [](const PyCall& call) { return call_aten("log_sigmoid", call.args, call.kwargs); });
    registry.add(kFamily, "tanhshrink", [](const PyCall& call) {
        const auto& x = call.args.at(0).tensor;
        return c10::IValue(x - x.tanh());
    });
    registry.add(kFamily, "softsign", [](const PyCall& call) {
        const auto& x = call.args.at(0).tensor;
        return c10::IValue(x / (x.abs() + 1));
    });
}

void register_losses(ApiRegistry& registry) {
    registry.add(kFamily, "cross_entropy",
                 {{"input", none()},
                  {"target", none()},
                  {"weight", none()},
                  {"size_average", none()},
                  {"ignore_index", i(-100)},
                  {"reduce", none()},
                  {"reduction", s("mean")},
                  {"label_smoothing", f(0.0)}},
                 [](const Bound& a) {
                     return call_aten("cross_entropy_loss", {a.at("input"), a.at("target"), a.at("weight"),
                                                             i(reduction_code(a)), a.at("ignore_index"),
                                                             a.at("label_smoothing")}, {});
                 });
    registry.add(kFamily, "nll_loss",
                 {{"input", none()},
                  {"target", none()},
                  {"weight", none()},
                  {"size_average", none()},
                  {"ignore_index", i(-100)},
                  {"reduce", none()},
                  {"reduction", s("mean")}},
                 [](const Bound& a) {
                     return call_aten(
                         "nll_loss_nd",
                         {a.at("input"), a.at("target"), a.at("weight"), i(reduction_code(a)), a.at("ignore_index")},
                         {});
                 });
    for (const std::string name : {"mse_loss", "l1_loss"}) {
        registry.add(kFamily, name,
                     {{"input", none()},
                      {"target", none()},
                      {"size_average", none()},
                      {"reduce", none()},
                      {"reduction", s("mean")}},
                     [name](const Bound& a) {
                         return call_aten(name, {a.at("input"), a.at("target"), i(reduction_code(a))}, {});
                     });
    }
    registry.add(kFamily, "ctc_loss",
                 {{"log_probs", none()}, {"targets", none()}, {"input_lengths", none()}, {"target_lengths", none()},
                  {"blank", i(0)}, {"reduction", s("mean")}, {"zero_infinity", b(false)}},
                 [](const Bound& a) {
                     return call_aten("ctc_loss", {a.at("log_probs"), a.at("targets"), a.at("input_lengths"),
                                                   a.at("target_lengths"), a.at("blank"), i(reduction_code(a)),
                                                   a.at("zero_infinity")}, {});
                 });
}

// The norms pass cudnn_enabled=True, as the Python wrappers do.
void register_norms(ApiRegistry& registry) {
    registry.add(kFamily, "batch_norm",
                 {{"input", none()},
                  {"running_mean", none()},
                  {"running_var", none()},
                  {"weight", none()},
                  {"bias", none()},
                  {"training", b(false)},
                  {"momentum", f(0.1)},
                  {"eps", f(1e-5)}},
                 [](const Bound& a) {
                     return call_aten("batch_norm",
                                      {a.at("input"), a.at("weight"), a.at("bias"), a.at("running_mean"),
                                       a.at("running_var"), a.at("training"), a.at("momentum"), a.at("eps"), b(true)},
                                      {});
                 });
    registry.add(
        kFamily, "layer_norm",
        {{"input", none()}, {"normalized_shape", none()}, {"weight", none()}, {"bias", none()}, {"eps", f(1e-5)}},
        [](const Bound& a) {
            return call_aten(
                "layer_norm",
                {a.at("input"), a.at("normalized_shape"), a.at("weight"), a.at("bias"), a.at("eps"), b(true)}, {});
        });
    registry.add(kFamily, "group_norm",
                 {{"input", none()}, {"num_groups", none()}, {"weight", none()}, {"bias", none()}, {"eps", f(1e-5)}},
                 [](const Bound& a) {
                     return call_aten("group_norm", {a.at("input"), a.at("num_groups"), a.at("weight"), a.at("bias"),
                                                     a.at("eps"), b(true)}, {});
                 });
    registry.add(kFamily, "normalize",
                 {{"input", none()}, {"p", f(2.0)}, {"dim", i(1)}, {"eps", f(1e-12)}, {"out", none()}},
                 [](const Bound& a) {
                     const auto& x = a.at("input").tensor;
                     auto denom = x.norm(a.at("p").number(), {a.at("dim").integer}, true)
                                      .clamp_min(a.at("eps").number())
                                      .expand_as(x);
                     return c10::IValue(x / denom);
                 });
}

void register_pooling_and_embedding(ApiRegistry& registry) {
    for (const std::string name : {"max_pool1d", "max_pool2d", "max_pool3d", "max_pool1d_with_indices",
                                   "max_pool2d_with_indices", "max_pool3d_with_indices"}) {
        registry.add(kFamily, name,
                     {{"input", none()},
                      {"kernel_size", none()},
                      {"stride", none()},
                      {"padding", i(0)},
                      {"dilation", i(1)},
                      {"ceil_mode", b(false)},
                      {"return_indices", b(false)}},
                     [name](const Bound& a) { return max_pool(name, a); });
    }
    for (const std::string name : {"adaptive_max_pool1d", "adaptive_max_pool2d", "adaptive_max_pool3d",
                                   "adaptive_max_pool1d_with_indices", "adaptive_max_pool2d_with_indices",
                                   "adaptive_max_pool3d_with_indices"}) {
        registry.add(kFamily, name, {{"input", none()}, {"output_size", none()}, {"return_indices", b(false)}},
                     [name](const Bound& a) { return adaptive_max_pool(name, a); });
    }
    registry.add(kFamily, "embedding",
                 {{"input", none()},
                  {"weight", none()},
                  {"padding_idx", none()},
                  {"max_norm", none()},
                  {"norm_type", f(2.0)},
                  {"scale_grad_by_freq", b(false)},
                  {"sparse", b(false)}},
                 embedding);
    registry.add(kFamily, "embedding_bag",
                 {{"input", none()},
                  {"weight", none()},
                  {"offsets", none()},
                  {"max_norm", none()},
                  {"norm_type", f(2.0)},
                  {"scale_grad_by_freq", b(false)},
                  {"mode", s("mean")},
                  {"sparse", b(false)},
                  {"per_sample_weights", none()},
                  {"include_last_offset", b(false)},
                  {"padding_idx", none()}},
                 embedding_bag);
}

void refuse(ApiRegistry& registry, const std::string& name, const std::string& reason) {
    registry.add(kFamily, name, [reason](const PyCall&) -> c10::IValue { throw SkipApi(reason); });
}

void register_refused(ApiRegistry& registry) {
    for (const std::string name : {"gumbel_softmax", "fractional_max_pool2d", "fractional_max_pool3d",
                                   "fractional_max_pool2d_with_indices", "fractional_max_pool3d_with_indices"}) {
        refuse(registry, name,
               fmt::format("Functional.{} draws random numbers: the bench and device runs cannot agree", name));
    }
    refuse(registry, "multi_head_attention_forward",
           "Functional.multi_head_attention_forward is not supported by run_ut");
    for (const std::string name : {"scaled_dot_product_attention", "lp_pool3d"}) {
        refuse(registry, name, fmt::format("Functional.{} does not exist in libtorch 1.13", name));
    }
}

}  // namespace

void register_functional_wrappers(ApiRegistry& registry) {
    register_activations(registry);
    register_losses(registry);
    register_norms(registry);
    register_pooling_and_embedding(registry);
    register_refused(registry);
}

}  // namespace msprobe::run_ut
