#include "run_ut/npu_backward_functions.hpp"

#include <ATen/ATen.h>
#include <fmt/format.h>

#include <functional>

#include "run_ut/api_executor.hpp"
#include "run_ut/python_signature.hpp"
#include "run_ut/skip_api.hpp"

namespace msprobe::run_ut {

namespace {

using namespace py;  // signature defaults: none(), i(), f(), b(), s()

constexpr const char* kFamily = "Aten";

c10::IValue tuple(const std::vector<at::Tensor>& tensors) {
    std::vector<c10::IValue> items;
    for (const auto& t : tensors) items.emplace_back(t.defined() ? c10::IValue(t) : c10::IValue());
    return c10::ivalue::Tuple::create(std::move(items));
}

// Gradients of `forward` (which receives fresh leaves of `inputs`) for the output gradient `grad`.
std::vector<at::Tensor> gradients_of(const std::vector<at::Tensor>& inputs, const at::Tensor& grad,
                                     const std::function<at::Tensor(const std::vector<at::Tensor>&)>& forward) {
    at::AutoGradMode enable(true);
    std::vector<at::Tensor> leaves;
    for (const auto& t : inputs) leaves.push_back(t.detach().clone().requires_grad_(true));
    const auto out = forward(leaves);
    out.backward(grad.detach().to(out.scalar_type()));  // a float64 bench output takes the gradient raised
    std::vector<at::Tensor> grads;
    for (const auto& leaf : leaves) grads.push_back(leaf.grad().defined() ? leaf.grad() : at::zeros_like(leaf));
    return grads;
}

// The forward bench function `name` on tensors `tensors` followed by the plain arguments `rest`.
at::Tensor forward_output(const std::string& name, const std::vector<at::Tensor>& tensors, std::vector<PyValue> rest,
                          PyKwargs kwargs = {}) {
    PyCall call;
    for (const auto& t : tensors) call.args.push_back(PyValue::of_tensor(t));
    for (auto& v : rest) call.args.push_back(std::move(v));
    call.kwargs = std::move(kwargs);
    const auto out = execute_api("NPU", name, call);
    return out.isTuple() ? out.toTupleRef().elements().at(0).toTensor() : out.toTensor();
}

c10::IValue fast_gelu_backward(const Bound& a) {
    const auto grads = gradients_of({tensor_arg(a, "self")}, tensor_arg(a, "grad"),
                                    [](const auto& t) { return forward_output("npu_fast_gelu", t, {}); });
    return grads.at(0);
}

c10::IValue linear_backward(const Bound& a) {
    const auto& grad = tensor_arg(a, "grad");
    const auto& input = tensor_arg(a, "input");
    const auto& weight = tensor_arg(a, "weight");
    const auto flat_grad = grad.reshape({-1, grad.size(-1)});
    return tuple({at::matmul(grad, weight), flat_grad.t().matmul(input.reshape({-1, input.size(-1)}))});
}

c10::IValue matmul_backward(const Bound& a) {
    const auto& mask = a.at("mask");
    if (mask.kind != PyValue::Kind::List || mask.items.size() < 2)
        throw SkipApi("matmul_backward needs a mask of two flags");
    const auto grads = gradients_of({tensor_arg(a, "self"), tensor_arg(a, "other")}, tensor_arg(a, "grad"),
                                    [](const auto& t) { return at::matmul(t.at(0), t.at(1)); });
    return tuple({truthy(mask.items[0]) ? grads[0] : at::Tensor(), truthy(mask.items[1]) ? grads[1] : at::Tensor()});
}

// dgamma reduced to gamma's shape, as the operator returns it (msprobe's golden leaves it unreduced).
c10::IValue rms_norm_backward(const Bound& a) {
    const auto& dy = tensor_arg(a, "dy");
    const auto& x = tensor_arg(a, "self");
    const auto& gamma = tensor_arg(a, "gamma");
    const auto rstd = tensor_arg(a, "rstd").to(x.scalar_type());
    const auto m = (dy * x * gamma * rstd).mean(-1, true);
    const auto dx = (dy * gamma - x * rstd * m) * rstd;
    auto dgamma = (x * dy * rstd).reshape({-1, gamma.numel()}).sum(0).reshape(gamma.sizes());
    if (x.scalar_type() == at::kHalf || x.scalar_type() == at::kBFloat16) dgamma = dgamma.to(at::kFloat);
    return tuple({dx, dgamma});
}

c10::IValue rotary_mul_backward(const Bound& a) {
    return tuple(gradients_of({tensor_arg(a, "self"), tensor_arg(a, "r1"), tensor_arg(a, "r2")}, tensor_arg(a, "grad"),
                              [](const auto& t) { return forward_output("npu_rotary_mul", t, {}); }));
}

c10::IValue scaled_masked_softmax_backward(const Bound& a) {
    const auto& dy = tensor_arg(a, "y_grad");
    const auto compute = dy.scalar_type() == at::kDouble ? at::kDouble : at::kFloat;
    const auto g = dy.to(compute);
    const auto y = tensor_arg(a, "y").to(compute);
    at::Tensor mask = tensor_arg(a, "mask").to(at::kBool);
    if (truthy(a.at("fixed_triu_mask"))) mask = at::ones(mask.sizes(), at::kBool).triu(1);
    const auto dx = (g - (g * y).sum(-1, true)) * y * a.at("scale").number();
    return dx.masked_fill(mask, 0).to(dy.scalar_type());
}

c10::IValue swiglu_backward(const Bound& a) {
    const auto dim = a.at("dim");
    return gradients_of({tensor_arg(a, "self")}, tensor_arg(a, "grad_output"),
                        [&](const auto& t) { return forward_output("npu_swiglu", t, {dim}); }).at(0);
}

c10::IValue fusion_attention_grad(const Bound& a) {
    PyKwargs kwargs = {{"scale", a.at("scale_value")}, {"pre_tockens", a.at("pre_tockens")},
                       {"next_tockens", a.at("next_tockens")}, {"sparse_mode", a.at("sparse_mode")}};
    if (!is_none(a.at("pse"))) kwargs.emplace_back("pse", a.at("pse"));
    if (!is_none(a.at("atten_mask"))) kwargs.emplace_back("atten_mask", a.at("atten_mask"));
    const std::vector<PyValue> rest = {a.at("head_num"), a.at("input_layout")};
    auto grads =
        gradients_of({tensor_arg(a, "query"), tensor_arg(a, "key"), tensor_arg(a, "value")}, tensor_arg(a, "dy"),
                     [&](const auto& t) { return forward_output("npu_fusion_attention", t, rest, kwargs); });
    // The forward computes a float64 bench in float64; the gradients come back at the inputs' dtypes.
    return tuple(grads);
}

// The derivative torch_npu registers for npu_confusion_transpose(x, perm, shape, first) is this operator
// with shape = x's sizes and the flag negated, so undoing the forward is: flag set -> inverse permutation
// then reshape to `shape`; flag clear -> reshape to the permuted `shape` then inverse permutation.
c10::IValue confusion_transpose_backward(const Bound& a) {
    const auto& grad = tensor_arg(a, "grad");
    std::vector<std::int64_t> perm, shape;
    for (const auto& item : a.at("perm").items) perm.push_back(item.integer);
    for (const auto& item : a.at("shape").items) shape.push_back(item.integer);
    if (perm.size() != shape.size()) throw SkipApi("npu_confusion_transpose_backward: perm and shape differ in length");
    std::vector<std::int64_t> inverse(perm.size());
    for (std::size_t k = 0; k < perm.size(); ++k)
        inverse[static_cast<std::size_t>(perm[k])] = static_cast<std::int64_t>(k);
    if (truthy(a.at("transpose_first"))) return grad.permute(inverse).reshape(shape);
    std::vector<std::int64_t> permuted;
    for (const auto p : perm) permuted.push_back(shape[static_cast<std::size_t>(p)]);
    return grad.reshape(permuted).permute(inverse);
}


}  // namespace

void register_npu_backward_functions(ApiRegistry& registry) {
    registry.add(kFamily, "npu_fast_gelu_backward", {{"grad", none()}, {"self", none()}}, fast_gelu_backward);
    registry.add(kFamily, "npu_confusion_transpose_backward", {{"grad", none()}, {"perm", none()}, {"shape", none()},
                 {"transpose_first", none()}}, confusion_transpose_backward);
    registry.add(kFamily, "npu_linear_backward", {{"grad", none()}, {"input", none()}, {"weight", none()}},
                 linear_backward);
    registry.add(kFamily, "matmul_backward", {{"grad", none()}, {"self", none()}, {"other", none()}, {"mask", none()}},
                 matmul_backward);
    registry.add(kFamily, "npu_rms_norm_backward", {{"dy", none()}, {"self", none()}, {"gamma", none()},
                 {"rstd", none()}}, rms_norm_backward);
    registry.add(kFamily, "npu_rotary_mul_backward",
                 {{"grad", none()}, {"self", none()}, {"r1", none()}, {"r2", none()}}, rotary_mul_backward);
    registry.add(kFamily, "npu_scaled_masked_softmax_backward", {{"y_grad", none()}, {"y", none()}, {"mask", none()},
                 {"scale", f(1.0)}, {"fixed_triu_mask", b(false)}}, scaled_masked_softmax_backward);
    registry.add(kFamily, "npu_swiglu_backward", {{"grad_output", none()}, {"self", none()}, {"dim", i(-1)}},
                 swiglu_backward);
    registry.add(kFamily, "npu_fusion_attention_grad", [](const PyCall& call) {
        static const PySignature signature = {{"query", none()},
                                              {"key", none()},
                                              {"value", none()},
                                              {"dy", none()},
                                              {"head_num", none()},
                                              {"input_layout", none()},
                                              {"pse", none()},
                                              {"padding_mask", none()},
                                              {"atten_mask", none()},
                                              {"softmax_max", none()},
                                              {"softmax_sum", none()},
                                              {"softmax_in", none()},
                                              {"attention_in", none()},
                                              {"scale_value", f(1.0)},
                                              {"keep_prob", f(1.0)},
                                              {"pre_tockens", i(2147483647)},
                                              {"next_tockens", i(2147483647)},
                                              {"inner_precise", i(0)},
                                              {"seed", i(0)},
                                              {"offset", i(0)},
                                              {"numels", i(0)},
                                              {"prefix", none()},
                                              {"actual_seq_qlen", none()},
                                              {"actual_seq_kvlen", none()},
                                              {"sparse_mode", i(0)},
                                              {"gen_mask_parallel", b(true)},
                                              {"sync", b(false)}};
        if (call.args.size() != 6) throw SkipApi("npu_fusion_attention_grad needs exactly 6 positional arguments");
        return fusion_attention_grad(bind_python(call, signature, "npu_fusion_attention_grad"));
    });
}

}  // namespace msprobe::run_ut
