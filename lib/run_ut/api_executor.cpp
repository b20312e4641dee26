// The one translation unit that includes the JIT operator registry (slow to compile).
#include "run_ut/api_executor.hpp"

#include <ATen/ATen.h>
#include <ATen/ScalarOps.h>
#include <fmt/format.h>
#include <torch/csrc/jit/runtime/operator.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <unordered_map>

#include "run_ut/api_registry.hpp"
#include "run_ut/skip_api.hpp"

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

std::optional<c10::IValue> convert(const PyValue& v, const c10::TypePtr& type, const c10::Argument& arg,
                                   bool wrapped_ok);

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
            } else if (e.kind == PyValue::Kind::Tensor && e.tensor.dim() == 0 &&
                       !at::isFloatingType(e.tensor.scalar_type())) {
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

std::optional<c10::IValue> convert(const PyValue& v, const c10::TypePtr& type, const c10::Argument& arg,
                                   bool wrapped_ok) {
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
            if (std::all_of(packed.begin(), packed.end(),
                            [](const PyValue& p) { return p.kind == PyValue::Kind::Int; })) {
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
    if (ops.empty()) throw SkipApi(fmt::format("aten::{} does not exist in libtorch 1.13", op));
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
    throw SkipApi(fmt::format("no overload of aten::{} accepts ({})", op, describe(args, kwargs)));
}

namespace {

// torch.linalg.x, torch.special.x and torch.fft.x are aten::linalg_x, special_x and fft_x.
std::string torch_operator_name(const std::string& name) {
    for (const char* prefix : {"linalg.", "special.", "fft."}) {
        const std::string p(prefix);
        if (name.rfind(p, 0) == 0) return p.substr(0, p.size() - 1) + "_" + name.substr(p.size());
    }
    return name;
}

// Aten.<op>.<overload> names one overload ("default" is the unnamed one); a name without a dot, any overload.
c10::IValue call_aten_overload(const std::string& api_name, const PyCall& call) {
    const auto dot = api_name.find('.');
    if (dot == std::string::npos) return call_aten(api_name, call.args, call.kwargs);
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
    throw SkipApi(fmt::format("aten::{} does not accept ({})", api_name, describe(call.args, call.kwargs)));
}

}  // namespace

c10::IValue execute_api(const std::string& family, const std::string& api_name, const PyCall& call) {
    if (const auto* registered = api_registry().find(family, api_name)) return registered->run(api_name, call);
    // Everything else goes to ATen by name, as torch's generated bindings do.
    if (family == "Functional" || family == "Tensor") return call_aten(api_name, call.args, call.kwargs);
    if (family == "Torch") return call_aten(torch_operator_name(api_name), call.args, call.kwargs);
    if (family == "Aten") return call_aten_overload(api_name, call);
    if (family == "NPU") throw SkipApi("There is not bench function " + api_name);
    return c10::IValue();  // VF and unknown families: no output, reported as "Bench output is None"
}

bool api_resolves(const std::string& family, const std::string& api_name) {
    if (api_registry().contains(family, api_name)) return true;
    if (family == "Functional" || family == "Tensor") return !aten_operators(api_name).empty();
    if (family == "Torch") return !aten_operators(torch_operator_name(api_name)).empty();
    if (family == "Aten") return !aten_operators(api_name.substr(0, api_name.find('.'))).empty();
    return false;
}

}  // namespace msprobe::run_ut
