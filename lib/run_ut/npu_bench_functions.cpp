#include "run_ut/npu_bench_functions.hpp"

#include <ATen/ATen.h>
#include <fmt/format.h>

#include <array>
#include <cmath>

#include "run_ut/api_executor.hpp"
#include "run_ut/python_signature.hpp"
#include "run_ut/skip_api.hpp"

namespace msprobe::run_ut {

namespace {

using namespace py;  // signature defaults: none(), i(), f(), b(), s()

constexpr const char* kFamily = "NPU";

c10::optional<at::Tensor> optional_tensor(const Bound& a, const char* name) {
    const auto& v = a.at(name);
    if (v.kind == PyValue::Kind::Tensor) return v.tensor;
    return c10::nullopt;
}

std::vector<std::int64_t> int_values(const PyValue& v) {
    std::vector<std::int64_t> out;
    if (v.kind == PyValue::Kind::Int) return {v.integer};
    for (const auto& item : v.items) out.push_back(item.integer);
    return out;
}

bool is_half(at::ScalarType t) { return t == at::kHalf || t == at::kBFloat16; }

c10::IValue tuple(std::vector<c10::IValue> items) { return c10::ivalue::Tuple::create(std::move(items)); }

c10::IValue fast_gelu(const Bound& a) {
    const auto& x = tensor_arg(a, "input");
    const auto ax = x.abs();
    return x * at::exp(0.851 * (x - ax)) / (1 + at::exp(-1.702 * ax));
}

// msprobe ignores weight, bias and eps here; the operator applies them (docs/compatibility.md).
c10::IValue layer_norm_eval(const Bound& a) {
    const auto shape = int_values(a.at("normalized_shape"));
    return at::layer_norm(tensor_arg(a, "input"), shape, optional_tensor(a, "weight"), optional_tensor(a, "bias"),
                          a.at("eps").number());
}

c10::IValue rms_norm(const Bound& a) {
    const auto& x = tensor_arg(a, "input");
    const auto& gamma = tensor_arg(a, "gamma");
    const auto rstd = at::rsqrt(x.pow(2).mean(-1, true) + a.at("epsilon").number());
    return tuple({x * rstd * gamma, rstd.to(at::kFloat)});
}

c10::IValue rotary_mul(const Bound& a) {
    const auto& x = tensor_arg(a, "input");
    const auto halves = x.chunk(2, -1);
    const auto rotated = at::cat({-halves.at(1), halves.at(0)}, -1);
    return tensor_arg(a, "r1") * x + tensor_arg(a, "r2") * rotated;
}

c10::IValue scaled_masked_softmax(const Bound& a) {
    const auto& x = tensor_arg(a, "x");
    at::Tensor mask = tensor_arg(a, "mask");
    if (truthy(a.at("fixed_triu_mask"))) mask = at::ones(mask.sizes(), at::kBool).triu(1);
    auto y = (x * a.at("scale").number()).masked_fill(mask.to(at::kBool), -10000);
    y = y - std::get<0>(y.max(-1, true));
    y = at::exp(y.to(at::kFloat));
    return (y / y.sum(-1, true)).to(x.scalar_type());
}

// Half types follow the operator's rounding (silu result rounded to the input dtype before the product);
// float32 and float64 compute in their own precision (msprobe's bench drops float64 to float32 here).
c10::IValue swiglu(const Bound& a) {
    const auto& x = tensor_arg(a, "input");
    const auto parts = x.chunk(2, a.at("dim").integer);
    const auto& gate = parts.at(0);
    const auto& value = parts.at(1);
    if (!is_half(x.scalar_type())) return at::sigmoid(gate) * gate * value;
    return (at::silu(gate.to(at::kFloat)).to(x.scalar_type()).to(at::kFloat) * value.to(at::kFloat))
        .to(x.scalar_type());
}

c10::IValue confusion_transpose(const Bound& a) {
    const auto& x = tensor_arg(a, "input");
    const auto perm = int_values(a.at("perm"));
    const auto shape = int_values(a.at("shape"));
    if (truthy(a.at("transpose_first"))) return x.permute(perm).contiguous().view(shape);
    return x.view(shape).permute(perm);
}

c10::IValue group_norm_silu(const Bound& a) {
    const auto& x = tensor_arg(a, "input");
    if (x.dim() != 4) throw SkipApi(fmt::format("npu_group_norm_silu expects a 4-D input, got {}-D", x.dim()));
    const auto n = x.size(0), c = x.size(1), hw = x.size(2) * x.size(3);
    const auto [y, mean, rstd] = at::native_group_norm(x, optional_tensor(a, "gamma"), optional_tensor(a, "beta"), n, c,
                                                       hw, a.at("group").integer, a.at("eps").number());
    return c10::IValue(std::vector<at::Tensor>({at::silu(y), mean, rstd}));
}

c10::IValue sort_v2(const Bound& a) {
    return std::get<0>(tensor_arg(a, "input").sort(a.at("dim").integer, truthy(a.at("descending"))));
}

c10::IValue moe_gating_top_k_softmax(const Bound& a) {
    const auto& x = tensor_arg(a, "x");
    if (x.dim() != 2) throw SkipApi(fmt::format("npu_moe_gating_top_k_softmax expects a 2-D input, got {}-D", x.dim()));
    const auto k = a.at("k").integer;
    const auto soft = at::softmax(x.to(at::kFloat), -1).to(x.scalar_type());
    auto index = at::argsort(-soft, /*stable=*/true, -1).slice(1, 0, k);
    const auto y = soft.gather(1, index);
    if (const auto finished = optional_tensor(a, "finished")) {
        index = index.masked_fill(finished->to(at::kBool).reshape({-1, 1}), x.size(1));
    }
    const auto rows = x.size(0);
    const auto row_index = at::arange(rows * k, index.options()).reshape({k, rows}).t();
    return tuple({y, index.to(at::kInt), row_index.to(at::kInt).contiguous()});
}

// A Python number or a one-element tensor argument as a double.
double scalar_arg(const Bound& a, const char* name) {
    const auto& v = a.at(name);
    if (v.kind == PyValue::Kind::Tensor) return v.tensor.item<double>();
    if (!v.is_number()) throw SkipApi(fmt::format("argument '{}' must be a number", name));
    return v.number();
}

// The optimizer state (var, m, v) passed as out=(var, m, v).
std::array<at::Tensor, 3> optimizer_state(const Bound& a) {
    const auto& out = a.at("out");
    if (out.kind != PyValue::Kind::List || out.items.size() != 3) throw SkipApi("out must be the tuple (var, m, v)");
    std::array<at::Tensor, 3> state;
    for (std::size_t k = 0; k < 3; ++k) {
        if (out.items[k].kind != PyValue::Kind::Tensor) throw SkipApi("out must be the tuple (var, m, v)");
        state[k] = out.items[k].tensor;
    }
    return state;
}

// 1 - beta_power * beta, nudged off zero by eps as the reference does.
double bias_correction(double beta_power, double beta, double eps) {
    const double c = 1 - beta_power * beta;
    return c == 0 ? c - eps : c;
}

// AdamW as msprobe's bench writes it; amsgrad takes the recorded max_grad_norm (the reference replaces it
// with random values, docs/compatibility.md).
c10::IValue apply_adam_w(const Bound& a) {
    const auto [var, m, v] = optimizer_state(a);
    const double lr = scalar_arg(a, "lr"), wd = scalar_arg(a, "weight_decay");
    const double beta1 = scalar_arg(a, "beta1"), beta2 = scalar_arg(a, "beta2"), eps = scalar_arg(a, "epsilon");
    at::Tensor g = tensor_arg(a, "grad");
    if (truthy(a.at("maximize"))) g = -g;
    const auto var_t = var * (1 - lr * wd);
    const auto m_new = m * beta1 - (beta1 - 1) * g;
    const auto v_new = v * beta2 - (beta2 - 1) * g * g;
    const double c1 = bias_correction(scalar_arg(a, "beta1_power"), beta1, eps);
    const double c2 = bias_correction(scalar_arg(a, "beta2_power"), beta2, eps);
    const auto second = truthy(a.at("amsgrad")) ? at::maximum(tensor_arg(a, "max_grad_norm"), v_new) : v_new;
    const auto denom = at::sqrt(second / c2) + eps;
    return tuple({var_t - lr * m_new / c1 / denom, m_new, v_new});
}

c10::IValue apply_adam(const Bound& a) {
    const auto [var, m, v] = optimizer_state(a);
    const double beta1 = scalar_arg(a, "beta1"), beta2 = scalar_arg(a, "beta2"), eps = scalar_arg(a, "epsilon");
    const auto& g = tensor_arg(a, "grad");
    const auto m_new = m + (beta1 - 1) * (m - g);
    const auto v_new = v + (beta2 - 1) * (v - g * g);
    const double lr_t =
        scalar_arg(a, "lr") * std::sqrt(1 - scalar_arg(a, "beta2_power")) / (1 - scalar_arg(a, "beta1_power"));
    const auto step = truthy(a.at("use_nesterov")) ? m_new * beta1 + (1 - beta1) * g : m_new;
    return tuple({var - lr_t * step / (eps + at::sqrt(v_new)), m_new, v_new});
}

// (B, S, H) / (S, B, H) / (B, S, N, D) / (B, N, S, D) -> (B, N, S, D).
at::Tensor to_bnsd(const at::Tensor& t, std::int64_t heads, const std::string& layout) {
    if (layout == "BNSD") return t;
    if (layout == "BSND") return t.permute({0, 2, 1, 3});
    if (layout == "BSH") return t.view({t.size(0), t.size(1), heads, t.size(2) / heads}).permute({0, 2, 1, 3});
    if (layout == "SBH") return t.view({t.size(0), t.size(1), heads, t.size(2) / heads}).permute({1, 2, 0, 3});
    throw SkipApi(fmt::format("npu_fusion_attention: input_layout {} is not supported", layout));
}

at::Tensor from_bnsd(const at::Tensor& t, const std::string& layout) {
    if (layout == "BNSD") return t.contiguous();
    if (layout == "BSND") return t.permute({0, 2, 1, 3}).contiguous();
    const auto bsnd = t.permute({0, 2, 1, 3}).contiguous();
    const auto bsh = bsnd.view({bsnd.size(0), bsnd.size(1), bsnd.size(2) * bsnd.size(3)});
    return layout == "BSH" ? bsh : bsh.permute({1, 0, 2}).contiguous();
}

// The mask of sparse modes 0-4: true where attention is blocked.
at::Tensor band_mask(std::int64_t mode, std::int64_t s1, std::int64_t s2, std::int64_t pre, std::int64_t next) {
    const auto ones = at::ones({s1, s2}, at::kBool);
    switch (mode) {
        case 1: return at::zeros({s1, s2}, at::kBool);
        case 2: return ones.triu(1);
        case 3: return ones.triu(s2 - s1 + 1);
        default: return at::logical_or(ones.triu(next + 1), ones.tril(-pre - 1));
    }
}

bool is_compressed_causal_mask(const at::Tensor& mask) {
    return mask.dim() == 2 && mask.size(0) == 2048 && mask.size(1) == 2048 &&
           at::equal(mask.to(at::kBool), at::ones({2048, 2048}, at::kBool).triu(1));
}

// The attention as msprobe's golden computes it: layouts to BNSD, GQA heads repeated, (qk^T + pse) * scale,
// -40000 on masked positions, softmax with max subtraction, no dropout. float32/float64 inputs (the bench)
// compute in float64; half inputs (the emulated device) compute in their dtype with the softmax in float32.
c10::IValue fusion_attention(const Bound& a) {
    const auto& q_in = tensor_arg(a, "query");
    const std::string layout = a.at("input_layout").text;
    const auto n1 = a.at("head_num").integer;
    const auto q = to_bnsd(q_in, n1, layout);
    const auto d = q.size(3);
    const auto kv_heads = [&](const at::Tensor& t) {
        if (layout == "BSH" || layout == "SBH") return t.size(2) / d;
        return layout == "BNSD" ? t.size(1) : t.size(2);
    };
    const auto& k_in = tensor_arg(a, "key");
    const auto n2 = kv_heads(k_in);
    if (n2 == 0 || n1 % n2 != 0)
        throw SkipApi(fmt::format("npu_fusion_attention: N1 ({}) is not a multiple of N2 ({})", n1, n2));
    auto k = to_bnsd(k_in, n2, layout);
    auto v = to_bnsd(tensor_arg(a, "value"), n2, layout);
    if (n1 != n2) {
        k = k.repeat_interleave(n1 / n2, 1);
        v = v.repeat_interleave(n1 / n2, 1);
    }
    const bool half = is_half(q_in.scalar_type());
    const auto compute = half ? q_in.scalar_type() : at::kDouble;
    const auto s1 = q.size(2), s2 = k.size(2);
    const auto mode = a.at("sparse_mode").integer;
    const auto pre = a.at("pre_tockens").integer, next = a.at("next_tockens").integer;
    at::Tensor mask;
    if (const auto given = optional_tensor(a, "atten_mask")) {
        mask = (mode >= 2 && mode <= 4 && is_compressed_causal_mask(*given)) ? band_mask(mode, s1, s2, pre, next)
                                                                              : given->to(at::kBool);
    } else {
        mask = band_mask(mode, s1, s2, pre, next);
    }
    auto qk = at::matmul(q.to(compute), k.to(compute).transpose(2, 3));
    if (const auto pse = optional_tensor(a, "pse"); pse && pse->dim() > 0) qk = qk + pse->to(compute);
    qk = qk * a.at("scale").number();
    qk = qk.to(half ? at::kFloat : at::kDouble) + mask.to(half ? at::kFloat : at::kDouble) * -40000.0;
    const auto row_max = std::get<0>(qk.max(-1, true));
    const auto e = at::exp(qk - row_max);
    const auto row_sum = e.sum(-1, true);
    const auto p = (e / row_sum).to(compute);
    const auto y = from_bnsd(at::matmul(p, v.to(compute)), layout);
    return tuple({y, row_max.repeat({1, 1, 1, 8}), row_sum.repeat({1, 1, 1, 8})});
}

c10::IValue linear(const Bound& a) {
    return at::linear(tensor_arg(a, "input"), tensor_arg(a, "weight"), optional_tensor(a, "bias"));
}

c10::IValue mish(const Bound& a) { return at::mish(tensor_arg(a, "input")); }


}  // namespace

void register_npu_bench_functions(ApiRegistry& registry) {
    registry.add(kFamily, "npu_fast_gelu", {{"input", none()}}, fast_gelu);
    registry.add(kFamily, "npu_layer_norm_eval", {{"input", none()}, {"normalized_shape", none()}, {"weight", none()},
                 {"bias", none()}, {"eps", f(1e-5)}}, layer_norm_eval);
    registry.add(kFamily, "npu_linear", {{"input", none()}, {"weight", none()}, {"bias", none()}}, linear);
    registry.add(kFamily, "npu_mish", {{"input", none()}}, mish);
    // msprobe's bench spells npu_rms_norm's epsilon `eps`; accept both.
    registry.add(kFamily, "npu_rms_norm", [](const PyCall& call) {
        PyCall renamed = call;
        for (auto& [k, v] : renamed.kwargs) {
            if (k == "eps") k = "epsilon";
        }
        return rms_norm(
            bind_python(renamed, {{"input", none()}, {"gamma", none()}, {"epsilon", f(1e-6)}}, "npu_rms_norm"));
    });
    registry.add(kFamily, "npu_rotary_mul", {{"input", none()}, {"r1", none()}, {"r2", none()}}, rotary_mul);
    registry.add(kFamily, "npu_scaled_masked_softmax", {{"x", none()}, {"mask", none()}, {"scale", f(1.0)},
                 {"fixed_triu_mask", b(false)}}, scaled_masked_softmax);
    registry.add(kFamily, "npu_swiglu", {{"input", none()}, {"dim", i(-1)}}, swiglu);
    registry.add(kFamily, "npu_confusion_transpose", {{"input", none()}, {"perm", none()}, {"shape", none()},
                 {"transpose_first", none()}}, confusion_transpose);
    registry.add(kFamily, "npu_group_norm_silu", {{"input", none()}, {"gamma", none()}, {"beta", none()},
                 {"group", none()}, {"eps", f(1e-5)}}, group_norm_silu);
    registry.add(kFamily, "npu_sort_v2", {{"input", none()}, {"dim", i(-1)}, {"descending", b(false)}, {"out", none()}},
                 sort_v2);
    registry.add(kFamily, "npu_moe_gating_top_k_softmax", {{"x", none()}, {"finished", none()}, {"k", i(1)}},
                 moe_gating_top_k_softmax);
    registry.add(kFamily, "npu_apply_adam_w", {{"beta1_power", none()}, {"beta2_power", none()}, {"lr", none()},
                 {"weight_decay", none()}, {"beta1", none()}, {"beta2", none()}, {"epsilon", none()}, {"grad", none()},
                 {"max_grad_norm", none()}, {"amsgrad", b(false)}, {"maximize", b(false)}, {"out", none()}},
                 apply_adam_w);
    registry.add(kFamily, "npu_apply_adam", {{"beta1_power", none()}, {"beta2_power", none()}, {"lr", none()},
                 {"beta1", none()}, {"beta2", none()}, {"epsilon", none()}, {"grad", none()}, {"use_locking", b(false)},
                 {"use_nesterov", b(false)}, {"out", none()}}, apply_adam);
    registry.add(kFamily, "npu_fusion_attention", {{"query", none()}, {"key", none()}, {"value", none()},
                 {"head_num", none()}, {"input_layout", none()}, {"pse", none()}, {"padding_mask", none()},
                 {"atten_mask", none()}, {"scale", f(1.0)}, {"keep_prob", f(1.0)}, {"pre_tockens", i(2147483647)},
                 {"next_tockens", i(2147483647)}, {"inner_precise", i(0)}, {"prefix", none()},
                 {"actual_seq_qlen", none()}, {"actual_seq_kvlen", none()}, {"sparse_mode", i(0)},
                 {"gen_mask_parallel", b(true)}, {"sync", b(false)}}, fusion_attention);
}

}  // namespace msprobe::run_ut
