#include "run_ut/python_signature.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "run_ut/skip_api.hpp"

namespace msprobe::run_ut {

Bound bind_python(const PyCall& call, const PySignature& signature, const std::string& api) {
    Bound out;
    if (call.args.size() > signature.size()) throw SkipApi(fmt::format("{}() got too many positional arguments", api));
    for (std::size_t i = 0; i < call.args.size(); ++i) out[signature[i].first] = call.args[i];
    for (const auto& [k, v] : call.kwargs) {
        const bool known = std::any_of(signature.begin(), signature.end(), [&](const auto& s) { return s.first == k; });
        if (!known) throw SkipApi(fmt::format("{}() got an unexpected keyword argument '{}'", api, k));
        out[k] = v;
    }
    for (const auto& [k, v] : signature) out.try_emplace(k, v);
    return out;
}

bool truthy(const PyValue& v) {
    switch (v.kind) {
        case PyValue::Kind::None: return false;
        case PyValue::Kind::Bool: return v.boolean;
        case PyValue::Kind::Int: return v.integer != 0;
        case PyValue::Kind::Float: return v.real != 0.0;
        case PyValue::Kind::Str: return !v.text.empty();
        case PyValue::Kind::List: return !v.items.empty();
        default: return true;
    }
}

std::int64_t reduction_code(const Bound& a) {
    const auto sa = a.find("size_average"), re = a.find("reduce");
    if ((sa != a.end() && sa->second.kind != PyValue::Kind::None) ||
        (re != a.end() && re->second.kind != PyValue::Kind::None)) {
        const bool size_average = sa == a.end() || sa->second.kind == PyValue::Kind::None || truthy(sa->second);
        const bool reduce = re == a.end() || re->second.kind == PyValue::Kind::None || truthy(re->second);
        if (size_average && reduce) return 1;
        return reduce ? 2 : 0;
    }
    const std::string r = a.at("reduction").text;
    if (r == "none") return 0;
    if (r == "mean" || r == "elementwise_mean") return 1;
    if (r == "sum") return 2;
    throw SkipApi(r + " is not a valid value for reduction");
}

const at::Tensor& tensor_arg(const Bound& a, const char* name) {
    const auto& v = a.at(name);
    if (v.kind != PyValue::Kind::Tensor) throw SkipApi(fmt::format("argument '{}' must be a tensor", name));
    return v.tensor;
}

}  // namespace msprobe::run_ut
