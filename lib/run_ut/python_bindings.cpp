#include "run_ut/python_bindings.hpp"

#include <ATen/ATen.h>
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "run_ut/api_executor.hpp"
#include "run_ut/skip_api.hpp"

namespace msprobe::run_ut {

namespace {

using namespace py;  // signature defaults: none(), i(), f(), b(), s()

// Tensor.<dunder> -> aten::<operator>, same arguments.
const std::map<std::string, std::string>& dunder_ops() {
    static const std::map<std::string, std::string> ops = {
        {"__add__", "add"},   {"__radd__", "add"},   {"__iadd__", "add_"},   {"__sub__", "sub"},
        {"__isub__", "sub_"}, {"__mul__", "mul"},    {"__rmul__", "mul"},    {"__imul__", "mul_"},
        {"__truediv__", "div"}, {"__div__", "div"},  {"__idiv__", "div_"},   {"__itruediv__", "div_"},
        {"__floordiv__", "floor_divide"}, {"__ifloordiv__", "floor_divide_"}, {"__mod__", "remainder"},
        {"__imod__", "remainder_"}, {"__pow__", "pow"}, {"__ipow__", "pow_"}, {"__matmul__", "matmul"},
        {"__ne__", "ne"}, {"__lt__", "lt"}, {"__le__", "le"}, {"__gt__", "gt"}, {"__ge__", "ge"},
        {"__ror__", "bitwise_or"}, {"__rxor__", "bitwise_xor"}, {"__rand__", "bitwise_and"},
        {"__neg__", "neg"}, {"__abs__", "abs"}, {"__invert__", "bitwise_not"},
        {"__bool__", "is_nonzero"}, {"__nonzero__", "is_nonzero"}, {"__rsub__", "rsub"},
    };
    return ops;
}

// Tensor.float(), .half(), ...: aten::to with the dtype.
const std::map<std::string, at::ScalarType>& casts() {
    static const std::map<std::string, at::ScalarType> types = {
        {"float", at::kFloat}, {"double", at::kDouble}, {"half", at::kHalf}, {"bfloat16", at::kBFloat16},
        {"int", at::kInt}, {"long", at::kLong}, {"short", at::kShort}, {"char", at::kChar}, {"byte", at::kByte},
        {"bool", at::kBool}, {"cfloat", at::kComplexFloat}};
    return types;
}

// Tensor.split and torch.split: a list of sizes is aten::split_with_sizes; Python's keyword is split_size_or_sections.
c10::IValue split(const PyCall& call) {
    PyCall c = call;
    if (c.args.size() > 1 && c.args[1].kind == PyValue::Kind::List)
        return call_aten("split_with_sizes", c.args, c.kwargs);
    for (auto& [k, v] : c.kwargs) {
        if (k == "split_size_or_sections") k = "split_size";
    }
    return call_aten("split", c.args, c.kwargs);
}

// torch.einsum(equation, *operands) and the like: the tensors after the leading arguments become one list.
c10::IValue packed_tensors(const std::string& name, const PyCall& call) {
    std::vector<PyValue> rest;
    std::size_t first = name == "einsum" ? 1 : 0;
    for (std::size_t k = first; k < call.args.size(); ++k) rest.push_back(call.args[k]);
    std::vector<PyValue> args(call.args.begin(),
                              call.args.begin() + static_cast<std::ptrdiff_t>(std::min(first, call.args.size())));
    if (rest.size() == 1 && rest[0].kind == PyValue::Kind::List) {
        args.push_back(rest[0]);
    } else if (rest.size() == 1 && name.rfind("atleast", 0) == 0) {
        args.push_back(rest[0]);
    } else {
        args.push_back(PyValue::list(rest));
    }
    return call_aten(name, args, call.kwargs);
}

void refuse(ApiRegistry& registry, const char* family, const std::string& name, const std::string& reason) {
    registry.add(family, name, [reason](const PyCall&) -> c10::IValue { throw SkipApi(reason); });
}

void register_tensor_methods(ApiRegistry& registry) {
    for (const auto& [name, type] : casts()) {
        registry.add("Tensor", name, [name = name, type = type](const PyCall& call) {
            if (call.args.empty()) throw SkipApi("Tensor." + name + " without self");
            return call_aten("to", {call.args[0], PyValue::of_dtype(type), b(false), b(false)}, {});
        });
    }
    for (const auto& [name, op] : dunder_ops()) {
        registry.add("Tensor", name, [op = op](const PyCall& call) { return call_aten(op, call.args, call.kwargs); });
    }
    // `x == None` is False in Python, not an ATen call.
    registry.add("Tensor", "__eq__", [](const PyCall& call) {
        if (call.args.size() > 1 && call.args[1].kind == PyValue::Kind::None) return c10::IValue(false);
        return call_aten("eq", call.args, call.kwargs);
    });
    for (const std::string name : {"__rdiv__", "__rtruediv__"}) {
        registry.add("Tensor", name, [](const PyCall& call) {
            const auto& x = call.args.at(0).tensor;
            return call_aten("mul", {PyValue::of_tensor(x.reciprocal()), call.args.at(1)}, {});
        });
    }
    for (const std::string name : {"__rpow__", "__rmod__", "__rfloordiv__", "__rlshift__", "__rrshift__"}) {
        refuse(registry, "Tensor", name, fmt::format("Tensor.{} is not supported by run_ut yet", name));
    }
    for (const std::string name : {"map_", "map2_", "numpy", "align_to", "eig", "lstsq", "solve"}) {
        refuse(registry, "Tensor", name, fmt::format("Tensor.{} is not supported by run_ut", name));
    }
    registry.add("Tensor", "split", split);
}

void register_torch_functions(ApiRegistry& registry) {
    for (const std::string name : {"dsmm", "hsmm", "saddmm", "spmm", "_fused_adamw_", "align_tensors", "eig", "lstsq",
                                   "solve", "matrix_rank"}) {
        refuse(registry, "Torch", name, fmt::format("Torch.{} does not exist in libtorch 1.13", name));
    }
    registry.add("Torch", "split", split);
    for (const std::string name : {"einsum", "block_diag", "broadcast_tensors", "cartesian_prod", "chain_matmul",
                                   "atleast_1d", "atleast_2d", "atleast_3d"}) {
        registry.add("Torch", name, [name](const PyCall& call) { return packed_tensors(name, call); });
    }
}

}  // namespace

void register_python_bindings(ApiRegistry& registry) {
    register_tensor_methods(registry);
    register_torch_functions(registry);
}

}  // namespace msprobe::run_ut
