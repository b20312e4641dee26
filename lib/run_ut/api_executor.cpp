// The one translation unit that includes the JIT operator registry (slow to compile).
#include "run_ut/api_executor.hpp"

#include <ATen/ATen.h>
#include <ATen/ScalarOps.h>
#include <fmt/format.h>
#include <torch/csrc/jit/runtime/operator.h>

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <unordered_map>

#include "run_ut/composite_functionals.hpp"
#include "run_ut/npu_backward_functions.hpp"
#include "run_ut/npu_bench_functions.hpp"
#include "run_ut/python_signature.hpp"
#include "run_ut/resampling_wrappers.hpp"
#include "run_ut/tensor_indexing.hpp"
#include "run_ut/torch_wrappers.hpp"

namespace msprobe::run_ut {

namespace {

// Ops whose Python bindings accept a Python number for a Tensor parameter (as a wrapped number).
const std::set<std::string>& wrapped_number_ops() {
    static const std::set<std::string> ops = {
        "add", "add_", "sub", "sub_", "subtract", "subtract_", "mul", "mul_", "multiply", "multiply_",
        "div", "div_", "divide", "divide_", "true_divide", "true_divide_", "floor_divide", "floor_divide_",
        "to", "_to_copy", "copy_"};
    return ops;
}

at::Tensor wrapped_number(const PyValue& v) {
    at::Tensor t;
    if (v.kind == PyValue::Kind::Bool) {
        t = at::scalar_to_tensor(at::Scalar(v.boolean));
    } else if (v.kind == PyValue::Kind::Int) {
        t = at::scalar_to_tensor(at::Scalar(v.integer));
    } else {
        t = at::scalar_to_tensor(at::Scalar(v.real));
    }
    t.unsafeGetTensorImpl()->set_wrapped_number(true);
    return t;
}

std::optional<c10::IValue> convert(const PyValue& v, const c10::TypePtr& type, const c10::Argument& arg, bool wrapped_ok);

std::optional<c10::IValue> convert_list(const PyValue& v, const c10::TypePtr& elem, const c10::Argument& arg) {
    using K = c10::TypeKind;
    const auto ek = elem->kind();
    if (ek == K::IntType || ek == K::SymIntType) {
        if (v.kind == PyValue::Kind::Int) {
            const std::size_t n = arg.N() ? static_cast<std::size_t>(*arg.N()) : 1;
            return c10::IValue(std::vector<std::int64_t>(n, v.integer));
        }
        if (v.kind != PyValue::Kind::List) return std::nullopt;
        std::vector<std::int64_t> out;
        for (const auto& e : v.items) {
            if (e.kind == PyValue::Kind::Int) {
                out.push_back(e.integer);
            } else if (e.kind == PyValue::Kind::Tensor && e.tensor.dim() == 0 && !at::isFloatingType(e.tensor.scalar_type())) {
                out.push_back(e.tensor.item<std::int64_t>());
            } else {
                return std::nullopt;
            }
        }
        return c10::IValue(out);
    }
    if (v.kind != PyValue::Kind::List) {
        if (ek == K::FloatType && v.is_number()) {
            const std::size_t n = arg.N() ? static_cast<std::size_t>(*arg.N()) : 1;
            return c10::IValue(std::vector<double>(n, v.number()));
        }
        return std::nullopt;
    }
    if (ek == K::FloatType) {
        std::vector<double> out;
        for (const auto& e : v.items) {
            if (!e.is_number()) return std::nullopt;
            out.push_back(e.number());
        }
        return c10::IValue(out);
    }
    if (ek == K::BoolType) {
        c10::List<bool> out;
        for (const auto& e : v.items) {
            if (e.kind != PyValue::Kind::Bool) return std::nullopt;
            out.push_back(e.boolean);
        }
        return c10::IValue(out);
    }
    if (ek == K::TensorType) {
        std::vector<at::Tensor> out;
        for (const auto& e : v.items) {
            if (e.kind != PyValue::Kind::Tensor) return std::nullopt;
            out.push_back(e.tensor);
        }
        return c10::IValue(out);
    }
    if (ek == K::OptionalType && elem->castRaw<c10::OptionalType>()->getElementType()->kind() == K::TensorType) {
        c10::List<c10::optional<at::Tensor>> out;
        for (const auto& e : v.items) {
            if (e.kind == PyValue::Kind::None) {
                out.push_back(c10::nullopt);
            } else if (e.kind == PyValue::Kind::Tensor) {
                out.push_back(e.tensor);
            } else {
                return std::nullopt;
            }
        }
        return c10::IValue(out);
    }
    return std::nullopt;
}

std::optional<c10::IValue> convert(const PyValue& v, const c10::TypePtr& type, const c10::Argument& arg, bool wrapped_ok) {
    using K = c10::TypeKind;
    using P = PyValue::Kind;
    switch (type->kind()) {
        case K::TensorType:
            if (v.kind == P::Tensor) return c10::IValue(v.tensor);
            if (wrapped_ok && v.is_number()) return c10::IValue(wrapped_number(v));
            return std::nullopt;
        case K::OptionalType:
            if (v.kind == P::None) return c10::IValue();
            return convert(v, type->castRaw<c10::OptionalType>()->getElementType(), arg, wrapped_ok);
        case K::IntType:
        case K::SymIntType:
            if (v.kind == P::Int) return c10::IValue(v.integer);
            if (v.kind == P::Bool) return c10::IValue(static_cast<std::int64_t>(v.boolean));
            if (v.kind == P::DType) return c10::IValue(static_cast<std::int64_t>(v.dtype));
            return std::nullopt;
        case K::ScalarTypeType:
            if (v.kind == P::DType) return c10::IValue(static_cast<std::int64_t>(v.dtype));
            return std::nullopt;
        case K::FloatType:
            if (v.is_number()) return c10::IValue(v.number());
            return std::nullopt;
        case K::BoolType:
            if (v.kind == P::Bool) return c10::IValue(v.boolean);
            return std::nullopt;
        case K::NumberType:
            if (v.kind == P::Bool) return c10::IValue(at::Scalar(v.boolean));
            if (v.kind == P::Int) return c10::IValue(at::Scalar(v.integer));
            if (v.kind == P::Float) return c10::IValue(at::Scalar(v.real));
            return std::nullopt;
        case K::StringType:
            if (v.kind == P::Str) return c10::IValue(v.text);
            return std::nullopt;
        case K::ListType:
            return convert_list(v, type->castRaw<c10::ListType>()->getElementType(), arg);
        default:
            return std::nullopt;  // devices, layouts, generators, memory formats: only None binds (through Optional)
    }
}

bool is_int_list(const c10::TypePtr& type) {
    if (type->kind() != c10::TypeKind::ListType) return false;
    const auto k = type->castRaw<c10::ListType>()->getElementType()->kind();
    return k == c10::TypeKind::IntType || k == c10::TypeKind::SymIntType;
}

// Binds Python positional/keyword arguments to one schema; nullopt when they do not fit.
std::optional<torch::jit::Stack> bind(const c10::FunctionSchema& schema, const std::vector<PyValue>& args,
                                      const PyKwargs& kwargs, bool wrapped_ok) {
    const auto& params = schema.arguments();
    std::size_t positional_params = 0;
    for (const auto& p : params) {
        if (!p.kwarg_only()) ++positional_params;
    }
    std::vector<PyValue> pos = args;
    // Varargs int lists: `x.view(2, 3)` packs trailing ints into the single int[] parameter.
    if (pos.size() > positional_params) {
        std::size_t list_param = params.size();
        std::size_t list_count = 0;
        for (std::size_t j = 0; j < params.size(); ++j) {
            if (!params[j].kwarg_only() && is_int_list(params[j].type())) {
                list_param = j;
                ++list_count;
            }
        }
        if (list_count == 1 && list_param < pos.size()) {
            std::vector<PyValue> packed(pos.begin() + static_cast<std::ptrdiff_t>(list_param), pos.end());
            if (std::all_of(packed.begin(), packed.end(), [](const PyValue& p) { return p.kind == PyValue::Kind::Int; })) {
                pos.resize(list_param);
                pos.push_back(PyValue::list(std::move(packed)));
            }
        }
    }
    torch::jit::Stack stack;
    std::size_t pi = 0;
    std::vector<bool> used(kwargs.size(), false);
    for (const auto& p : params) {
        const PyValue* value = nullptr;
        if (!p.kwarg_only() && pi < pos.size()) {
            value = &pos[pi++];
        } else {
            for (std::size_t k = 0; k < kwargs.size(); ++k) {
                const auto& name = kwargs[k].first;
                if (!used[k] && (name == p.name() || (name == "input" && p.name() == "self"))) {
                    value = &kwargs[k].second;
                    used[k] = true;
                    break;
                }
            }
        }
        if (!value) {
            if (p.default_value()) {
                stack.push_back(*p.default_value());
                continue;
            }
            if (p.type()->kind() == c10::TypeKind::OptionalType) {
                stack.emplace_back();
                continue;
            }
            return std::nullopt;
        }
        auto iv = convert(*value, p.type(), p, wrapped_ok);
        if (!iv) return std::nullopt;
        stack.push_back(std::move(*iv));
    }
    if (pi < pos.size()) return std::nullopt;
    if (std::find(used.begin(), used.end(), false) != used.end()) return std::nullopt;
    return stack;
}

bool has_kwarg(const PyKwargs& kwargs, const std::string& name) {
    return std::any_of(kwargs.begin(), kwargs.end(), [&](const auto& kv) { return kv.first == name; });
}

std::string describe(const std::vector<PyValue>& args, const PyKwargs& kwargs) {
    auto one = [](const PyValue& v) -> std::string {
        switch (v.kind) {
            case PyValue::Kind::None: return "None";
            case PyValue::Kind::Bool: return "bool";
            case PyValue::Kind::Int: return "int";
            case PyValue::Kind::Float: return "float";
            case PyValue::Kind::Str: return "str";
            case PyValue::Kind::Tensor: return "Tensor";
            case PyValue::Kind::List: return "list";
            case PyValue::Kind::Slice: return "slice";
            case PyValue::Kind::Ellipsis: return "Ellipsis";
            case PyValue::Kind::DType: return "dtype";
        }
        return "?";
    };
    std::string s;
    for (const auto& a : args) s += (s.empty() ? "" : ", ") + one(a);
    for (const auto& [k, v] : kwargs) s += (s.empty() ? "" : ", ") + k + "=" + one(v);
    return s;
}

using Operators = std::vector<std::shared_ptr<torch::jit::Operator>>;

// The overloads of aten::<op>, looked up in the registry once per name: the registry lookup (symbol
// interning, a locked copy of the overload list) cost more than the operator calls of small APIs.
const Operators& aten_operators(const std::string& op) {
    static std::mutex mutex;
    static std::unordered_map<std::string, Operators> cache;
    const std::lock_guard<std::mutex> lock(mutex);
    auto it = cache.find(op);
    if (it == cache.end()) {
        it = cache.emplace(op, torch::jit::getAllOperatorsFor(c10::Symbol::fromQualString("aten::" + op))).first;
    }
    return it->second;
}

}  // namespace

c10::IValue call_aten(const std::string& op, const std::vector<PyValue>& args, const PyKwargs& kwargs) {
    const auto& ops = aten_operators(op);
    if (ops.empty()) throw UnknownApi(fmt::format("aten::{} does not exist in libtorch 1.13", op));
    const bool want_out = has_kwarg(kwargs, "out");
    const bool wrapped_ok = wrapped_number_ops().count(op) != 0;
    for (int pass = 0; pass < (wrapped_ok ? 2 : 1); ++pass) {
        for (const auto& candidate : ops) {
            const auto& schema = candidate->schema();
            const bool is_out = schema.overload_name().find("out") != std::string::npos;
            if (is_out != want_out) continue;
            auto stack = bind(schema, args, kwargs, pass == 1);
            if (!stack) continue;
            candidate->getOperation()(*stack);
            if (stack->size() == 1) return std::move(stack->front());
            if (stack->empty()) return c10::IValue();
            return c10::ivalue::Tuple::create(std::move(*stack));
        }
    }
    throw UnsupportedApi(fmt::format("no overload of aten::{} accepts ({})", op, describe(args, kwargs)));
}

namespace {

using namespace py;  // signature defaults: none(), i(), f(), b(), s()

std::int64_t implicit_softmax_dim(const PyValue& input) {
    const auto nd = input.kind == PyValue::Kind::Tensor ? input.tensor.dim() : 1;
    return (nd == 0 || nd == 1 || nd == 3) ? 0 : 1;
}

const std::set<std::string>& inplace_activations() {
    static const std::set<std::string> names = {"relu", "relu6", "elu", "selu", "celu", "leaky_relu", "hardtanh",
                                                "threshold", "rrelu", "hardsigmoid", "silu", "hardswish", "mish"};
    return names;
}

std::vector<std::pair<std::string, PyValue>> activation_signature(const std::string& name) {
    if (name == "elu" || name == "celu") return {{"input", none()}, {"alpha", f(1.0)}, {"inplace", b(false)}};
    if (name == "leaky_relu") return {{"input", none()}, {"negative_slope", f(0.01)}, {"inplace", b(false)}};
    if (name == "hardtanh") return {{"input", none()}, {"min_val", f(-1.0)}, {"max_val", f(1.0)}, {"inplace", b(false)}};
    if (name == "threshold") return {{"input", none()}, {"threshold", none()}, {"value", none()}, {"inplace", b(false)}};
    if (name == "rrelu") {
        return {{"input", none()}, {"lower", f(1.0 / 8)}, {"upper", f(1.0 / 3)}, {"training", b(false)}, {"inplace", b(false)}};
    }
    return {{"input", none()}, {"inplace", b(false)}};
}

// torch.nn.functional.embedding_bag of torch 1.13: 2-D input becomes fixed-size bags, mode names become codes.
c10::IValue embedding_bag(const PyCall& call) {
    auto a = bind_python(call, {{"input", none()}, {"weight", none()}, {"offsets", none()}, {"max_norm", none()},
                                {"norm_type", f(2.0)}, {"scale_grad_by_freq", b(false)}, {"mode", s("mean")},
                                {"sparse", b(false)}, {"per_sample_weights", none()}, {"include_last_offset", b(false)},
                                {"padding_idx", none()}}, "embedding_bag");
    PyValue input = a.at("input");
    PyValue weight = a.at("weight");
    PyValue offsets = a.at("offsets");
    PyValue per_sample_weights = a.at("per_sample_weights");
    if (input.kind != PyValue::Kind::Tensor || weight.kind != PyValue::Kind::Tensor) {
        throw UnsupportedApi("embedding_bag needs tensor input and weight");
    }
    // The deprecated (weight, input) order.
    if (weight.tensor.scalar_type() == at::kLong && at::isFloatingType(input.tensor.scalar_type())) std::swap(input, weight);
    if (a.at("max_norm").kind != PyValue::Kind::None) throw UnsupportedApi("embedding_bag with max_norm is not supported yet");
    const std::string mode = a.at("mode").text;
    const std::int64_t mode_code = mode == "sum" ? 0 : mode == "mean" ? 1 : mode == "max" ? 2 : -1;
    if (mode_code < 0) throw UnsupportedApi(fmt::format("mode has to be one of sum, mean or max, but got {}", mode));
    if (per_sample_weights.kind != PyValue::Kind::None && mode != "sum") {
        throw UnsupportedApi(fmt::format("embedding_bag: per_sample_weights was not None. per_sample_weights is only "
                                         "supported for mode='sum' (got mode='{}'). Please open a feature request on GitHub.", mode));
    }
    if (input.tensor.dim() == 2) {
        if (offsets.kind != PyValue::Kind::None) throw UnsupportedApi("if input is 2D, then offsets has to be None");
        const auto bag = input.tensor.size(1);
        offsets = PyValue::of_tensor(at::arange(0, input.tensor.numel(), bag, input.tensor.options().dtype(at::kLong)));
        input = PyValue::of_tensor(input.tensor.reshape(-1));
        if (per_sample_weights.kind == PyValue::Kind::Tensor) {
            per_sample_weights = PyValue::of_tensor(per_sample_weights.tensor.reshape(-1), per_sample_weights.wants_grad);
        }
    } else if (input.tensor.dim() == 1) {
        if (offsets.kind != PyValue::Kind::Tensor || offsets.tensor.dim() != 1) {
            throw UnsupportedApi("offsets has to be a 1D Tensor but got None");
        }
    } else {
        throw UnsupportedApi(fmt::format("input has to be 1D or 2D Tensor, but got Tensor of dimension {}", input.tensor.dim()));
    }
    // None stays None (ATen would wrap -1 to the last row).
    PyValue pad = a.at("padding_idx");
    if (pad.kind == PyValue::Kind::Int && pad.integer < 0) pad.integer += weight.tensor.size(0);
    const auto out = call_aten("embedding_bag", {weight, input, offsets, a.at("scale_grad_by_freq"), i(mode_code),
                                                 a.at("sparse"), per_sample_weights, a.at("include_last_offset"), pad}, {});
    return out.toTupleRef().elements().at(0);
}

c10::IValue functional(const std::string& name, const PyCall& call) {
    if (inplace_activations().count(name)) {
        auto a = bind_python(call, activation_signature(name), name);
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
    if (name == "softmax" || name == "log_softmax" || name == "softmin") {
        auto a = bind_python(call, {{"input", none()}, {"dim", none()}, {"_stacklevel", i(3)}, {"dtype", none()}}, name);
        PyValue dim = a.at("dim").kind == PyValue::Kind::None ? i(implicit_softmax_dim(a.at("input"))) : a.at("dim");
        PyValue input = a.at("input");
        if (name == "softmin") input = PyValue::of_tensor(input.tensor.neg());
        return call_aten(name == "log_softmax" ? "log_softmax" : "softmax", {input, dim, a.at("dtype")}, {});
    }
    if (name == "dropout" || name == "alpha_dropout" || name == "feature_alpha_dropout" || name == "dropout1d" ||
        name == "dropout2d" || name == "dropout3d") {
        const bool training_default = name != "alpha_dropout" && name != "feature_alpha_dropout";
        auto a = bind_python(call, {{"input", none()}, {"p", f(0.5)}, {"training", b(training_default)}, {"inplace", b(false)}}, name);
        const double p = a.at("p").number();
        if (p < 0 || p > 1) throw UnsupportedApi(fmt::format("dropout probability has to be between 0 and 1, but got {}", p));
        std::string op = name == "dropout" ? "dropout" : name == "alpha_dropout" ? "alpha_dropout"
                        : name == "feature_alpha_dropout" ? "feature_alpha_dropout" : "feature_dropout";
        if (truthy(a.at("inplace"))) op += "_";
        return call_aten(op, {a.at("input"), a.at("p"), a.at("training")}, {});
    }
    if (name == "cross_entropy") {
        auto a = bind_python(call, {{"input", none()}, {"target", none()}, {"weight", none()}, {"size_average", none()},
                                    {"ignore_index", i(-100)}, {"reduce", none()}, {"reduction", s("mean")},
                                    {"label_smoothing", f(0.0)}}, name);
        return call_aten("cross_entropy_loss", {a.at("input"), a.at("target"), a.at("weight"), i(reduction_code(a)),
                                                a.at("ignore_index"), a.at("label_smoothing")}, {});
    }
    if (name == "nll_loss") {
        auto a = bind_python(call, {{"input", none()}, {"target", none()}, {"weight", none()}, {"size_average", none()},
                                    {"ignore_index", i(-100)}, {"reduce", none()}, {"reduction", s("mean")}}, name);
        return call_aten("nll_loss_nd", {a.at("input"), a.at("target"), a.at("weight"), i(reduction_code(a)),
                                         a.at("ignore_index")}, {});
    }
    if (name == "mse_loss" || name == "l1_loss") {
        auto a = bind_python(call, {{"input", none()}, {"target", none()}, {"size_average", none()}, {"reduce", none()},
                                    {"reduction", s("mean")}}, name);
        return call_aten(name, {a.at("input"), a.at("target"), i(reduction_code(a))}, {});
    }
    if (name == "batch_norm") {
        auto a = bind_python(call, {{"input", none()}, {"running_mean", none()}, {"running_var", none()}, {"weight", none()},
                                    {"bias", none()}, {"training", b(false)}, {"momentum", f(0.1)}, {"eps", f(1e-5)}}, name);
        return call_aten("batch_norm", {a.at("input"), a.at("weight"), a.at("bias"), a.at("running_mean"),
                                        a.at("running_var"), a.at("training"), a.at("momentum"), a.at("eps"), b(true)}, {});
    }
    if (name == "layer_norm") {
        auto a = bind_python(call, {{"input", none()}, {"normalized_shape", none()}, {"weight", none()}, {"bias", none()},
                                    {"eps", f(1e-5)}}, name);
        return call_aten("layer_norm", {a.at("input"), a.at("normalized_shape"), a.at("weight"), a.at("bias"), a.at("eps"), b(true)}, {});
    }
    if (name == "group_norm") {
        auto a = bind_python(call, {{"input", none()}, {"num_groups", none()}, {"weight", none()}, {"bias", none()},
                                    {"eps", f(1e-5)}}, name);
        return call_aten("group_norm", {a.at("input"), a.at("num_groups"), a.at("weight"), a.at("bias"), a.at("eps"), b(true)}, {});
    }
    if (name == "max_pool1d" || name == "max_pool2d" || name == "max_pool3d" || name == "max_pool1d_with_indices" ||
        name == "max_pool2d_with_indices" || name == "max_pool3d_with_indices") {
        auto a = bind_python(call, {{"input", none()}, {"kernel_size", none()}, {"stride", none()}, {"padding", i(0)},
                                    {"dilation", i(1)}, {"ceil_mode", b(false)}, {"return_indices", b(false)}}, name);
        const std::string base = name.substr(0, 10);
        const bool indices = truthy(a.at("return_indices")) || name.size() > 10;
        PyValue stride = a.at("stride").kind == PyValue::Kind::None ? PyValue::list({}) : a.at("stride");
        std::vector<PyValue> args = {a.at("input"), a.at("kernel_size"), stride, a.at("padding"), a.at("dilation"), a.at("ceil_mode")};
        return call_aten(indices ? base + "_with_indices" : base, args, {});
    }
    if (name.rfind("adaptive_max_pool", 0) == 0 && (name.size() == 19 || name.substr(19) == "_with_indices")) {
        // adaptive_max_pool{1,2,3}d[_with_indices]: ATen always returns (values, indices); Python keeps the values
        // unless asked. None entries of output_size take the input's size.
        auto a = bind_python(call, {{"input", none()}, {"output_size", none()}, {"return_indices", b(false)}}, name);
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
    if (name == "embedding") {
        auto a = bind_python(call, {{"input", none()}, {"weight", none()}, {"padding_idx", none()}, {"max_norm", none()},
                                    {"norm_type", f(2.0)}, {"scale_grad_by_freq", b(false)}, {"sparse", b(false)}}, name);
        if (a.at("max_norm").kind != PyValue::Kind::None) throw UnsupportedApi("embedding with max_norm is not supported yet");
        std::int64_t pad = -1;
        if (a.at("padding_idx").kind == PyValue::Kind::Int) {
            pad = a.at("padding_idx").integer;
            if (pad < 0) pad += a.at("weight").tensor.size(0);
        }
        return call_aten("embedding", {a.at("weight"), a.at("input"), i(pad), a.at("scale_grad_by_freq"), a.at("sparse")}, {});
    }
    if (name == "logsigmoid") return call_aten("log_sigmoid", call.args, call.kwargs);
    if (name == "tanhshrink") {
        const auto& x = call.args.at(0).tensor;
        return c10::IValue(x - x.tanh());
    }
    if (name == "softsign") {
        const auto& x = call.args.at(0).tensor;
        return c10::IValue(x / (x.abs() + 1));
    }
    if (name == "normalize") {
        auto a = bind_python(call, {{"input", none()}, {"p", f(2.0)}, {"dim", i(1)}, {"eps", f(1e-12)}, {"out", none()}}, name);
        const auto& x = a.at("input").tensor;
        auto denom = x.norm(a.at("p").number(), {a.at("dim").integer}, true).clamp_min(a.at("eps").number()).expand_as(x);
        return c10::IValue(x / denom);
    }
    if (name == "embedding_bag") return embedding_bag(call);
    if (name == "ctc_loss") {
        auto a = bind_python(call, {{"log_probs", none()}, {"targets", none()}, {"input_lengths", none()},
                                    {"target_lengths", none()}, {"blank", i(0)}, {"reduction", s("mean")},
                                    {"zero_infinity", b(false)}}, name);
        return call_aten("ctc_loss", {a.at("log_probs"), a.at("targets"), a.at("input_lengths"), a.at("target_lengths"),
                                      a.at("blank"), i(reduction_code(a)), a.at("zero_infinity")}, {});
    }
    if (auto resampled = resampling_functional(name, call)) return *resampled;
    if (auto composed = composite_functional(name, call)) return *composed;
    if (name == "gumbel_softmax" || name.rfind("fractional_max_pool", 0) == 0) {
        throw UnsupportedApi(fmt::format("Functional.{} draws random numbers: the bench and device runs cannot agree", name));
    }
    if (name == "multi_head_attention_forward") {
        throw UnsupportedApi("Functional.multi_head_attention_forward is not supported by run_ut");
    }
    if (name == "scaled_dot_product_attention" || name == "lp_pool3d") {
        throw UnsupportedApi(fmt::format("Functional.{} does not exist in libtorch 1.13", name));
    }
    return call_aten(name, call.args, call.kwargs);
}

const std::map<std::string, std::string>& dunder_ops() {
    static const std::map<std::string, std::string> ops = {
        {"__add__", "add"},   {"__radd__", "add"},   {"__iadd__", "add_"},   {"__sub__", "sub"},
        {"__isub__", "sub_"}, {"__mul__", "mul"},    {"__rmul__", "mul"},    {"__imul__", "mul_"},
        {"__truediv__", "div"}, {"__div__", "div"},  {"__idiv__", "div_"},   {"__itruediv__", "div_"},
        {"__floordiv__", "floor_divide"}, {"__ifloordiv__", "floor_divide_"}, {"__mod__", "remainder"},
        {"__imod__", "remainder_"}, {"__pow__", "pow"}, {"__ipow__", "pow_"}, {"__matmul__", "matmul"},
        {"__eq__", "eq"}, {"__ne__", "ne"}, {"__lt__", "lt"}, {"__le__", "le"}, {"__gt__", "gt"}, {"__ge__", "ge"},
        {"__ror__", "bitwise_or"}, {"__rxor__", "bitwise_xor"}, {"__rand__", "bitwise_and"},
        {"__neg__", "neg"}, {"__abs__", "abs"}, {"__invert__", "bitwise_not"},
    };
    return ops;
}

c10::IValue tensor_method(const std::string& name, const PyCall& call) {
    static const std::map<std::string, at::ScalarType> kCasts = {
        {"float", at::kFloat}, {"double", at::kDouble}, {"half", at::kHalf}, {"bfloat16", at::kBFloat16},
        {"int", at::kInt}, {"long", at::kLong}, {"short", at::kShort}, {"char", at::kChar}, {"byte", at::kByte},
        {"bool", at::kBool}, {"cfloat", at::kComplexFloat}};
    if (auto it = kCasts.find(name); it != kCasts.end()) {
        if (call.args.empty()) throw UnsupportedApi("Tensor." + name + " without self");
        return call_aten("to", {call.args[0], PyValue::of_dtype(it->second), b(false), b(false)}, {});
    }
    if (name == "__eq__" && call.args.size() > 1 && call.args[1].kind == PyValue::Kind::None) return c10::IValue(false);
    if (name == "__bool__" || name == "__nonzero__") return call_aten("is_nonzero", call.args, call.kwargs);
    if (name == "__rsub__") return call_aten("rsub", call.args, call.kwargs);
    if (name == "__rdiv__" || name == "__rtruediv__") {
        const auto& x = call.args.at(0).tensor;
        return call_aten("mul", {PyValue::of_tensor(x.reciprocal()), call.args.at(1)}, {});
    }
    if (name == "__rpow__" || name == "__rmod__" || name == "__rfloordiv__" || name == "__rlshift__" || name == "__rrshift__") {
        throw UnsupportedApi(fmt::format("Tensor.{} is not supported by run_ut yet", name));
    }
    if (name == "__getitem__") return tensor_getitem(call);
    if (name == "__setitem__") return tensor_setitem(call);
    if (auto wrapped = torch_wrapper(name, call, true)) return *wrapped;
    if (name == "map_" || name == "map2_" || name == "numpy" ||
        name == "align_to" || name == "eig" || name == "lstsq" || name == "solve") {
        throw UnsupportedApi(fmt::format("Tensor.{} is not supported by run_ut", name));
    }
    if (name == "split") {
        PyCall c = call;
        if (c.args.size() > 1 && c.args[1].kind == PyValue::Kind::List) return call_aten("split_with_sizes", c.args, c.kwargs);
        for (auto& [k, v] : c.kwargs) {
            if (k == "split_size_or_sections") k = "split_size";
        }
        return call_aten("split", c.args, c.kwargs);
    }
    if (auto it = dunder_ops().find(name); it != dunder_ops().end()) return call_aten(it->second, call.args, call.kwargs);
    return call_aten(name, call.args, call.kwargs);
}

c10::IValue torch_function(const std::string& name, const PyCall& call) {
    static const std::set<std::string> kUnsupported = {"dsmm", "hsmm", "saddmm", "spmm", "_fused_adamw_", "align_tensors",
                                                       "eig", "lstsq", "solve", "matrix_rank"};
    if (kUnsupported.count(name)) throw UnsupportedApi(fmt::format("Torch.{} does not exist in libtorch 1.13", name));
    std::string op = name;
    for (const char* prefix : {"linalg.", "special.", "fft."}) {
        const std::string p(prefix);
        if (name.rfind(p, 0) == 0) op = p.substr(0, p.size() - 1) + "_" + name.substr(p.size());
    }
    if (name == "split") return tensor_method("split", call);
    if (auto wrapped = torch_wrapper(name, call, false)) return *wrapped;
    if (name == "einsum" || name == "block_diag" || name == "broadcast_tensors" || name == "cartesian_prod" ||
        name == "chain_matmul" || name == "atleast_1d" || name == "atleast_2d" || name == "atleast_3d") {
        std::vector<PyValue> rest;
        std::size_t first = name == "einsum" ? 1 : 0;
        for (std::size_t k = first; k < call.args.size(); ++k) rest.push_back(call.args[k]);
        std::vector<PyValue> args(call.args.begin(), call.args.begin() + static_cast<std::ptrdiff_t>(std::min(first, call.args.size())));
        if (rest.size() == 1 && rest[0].kind == PyValue::Kind::List) {
            args.push_back(rest[0]);
        } else if (rest.size() == 1 && name.rfind("atleast", 0) == 0) {
            args.push_back(rest[0]);
        } else {
            args.push_back(PyValue::list(rest));
        }
        return call_aten(op, args, call.kwargs);
    }
    return call_aten(op, call.args, call.kwargs);
}

}  // namespace

c10::IValue execute_api(const std::string& family, const std::string& api_name, const PyCall& call) {
    if (family == "Functional") return functional(api_name, call);
    if (family == "Tensor") return tensor_method(api_name, call);
    if (family == "Torch") return torch_function(api_name, call);
    if (family == "Aten") {
        if (auto result = npu_backward_function(api_name, call)) return *result;
        const auto dot = api_name.find('.');
        if (dot == std::string::npos) return call_aten(api_name, call.args, call.kwargs);
        // "<op>.<overload>": only that overload ("default" is the unnamed one).
        const std::string op = api_name.substr(0, dot);
        std::string overload = api_name.substr(dot + 1);
        if (overload == "default") overload.clear();
        for (const auto& candidate : aten_operators(op)) {
            if (candidate->schema().overload_name() != overload) continue;
            auto stack = bind(candidate->schema(), call.args, call.kwargs, true);
            if (!stack) break;
            candidate->getOperation()(*stack);
            if (stack->size() == 1) return std::move(stack->front());
            return c10::ivalue::Tuple::create(std::move(*stack));
        }
        throw UnsupportedApi(fmt::format("aten::{} does not accept ({})", api_name, describe(call.args, call.kwargs)));
    }
    if (family == "NPU") {
        if (auto result = npu_bench_function(api_name, call)) return *result;
        throw UnknownApi("There is not bench function " + api_name);
    }
    return c10::IValue();  // VF and unknown families: no output, reported as "Bench output is None"
}

}  // namespace msprobe::run_ut
