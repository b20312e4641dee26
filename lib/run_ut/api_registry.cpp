#include "run_ut/api_registry.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "run_ut/composite_functionals.hpp"
#include "run_ut/functional_wrappers.hpp"
#include "run_ut/npu_backward_functions.hpp"
#include "run_ut/npu_bench_functions.hpp"
#include "run_ut/python_bindings.hpp"
#include "run_ut/resampling_wrappers.hpp"
#include "run_ut/tensor_indexing.hpp"
#include "run_ut/torch_wrappers.hpp"

namespace msprobe::run_ut {

c10::IValue ApiDefinition::run(const std::string& api_name, const PyCall& call) const {
    if (!signature) return handler(call, Bound{});
    return handler(call, bind_python(call, *signature, api_name));
}

void ApiRegistry::add(const std::string& family, const std::string& name, ApiDefinition definition) {
    if (!entries_.emplace(ApiKey{family, name}, std::move(definition)).second) {
        throw std::logic_error(fmt::format("{}.{} is registered twice", family, name));
    }
}

void ApiRegistry::add(const std::string& family, const std::string& name, PySignature signature,
                      std::function<c10::IValue(const Bound&)> handler) {
    add(family, name,
        ApiDefinition{std::move(signature),
                      [handler = std::move(handler)](const PyCall&, const Bound& bound) { return handler(bound); }});
}

void ApiRegistry::add(const std::string& family, const std::string& name,
                      std::function<c10::IValue(const PyCall&)> handler) {
    add(family, name, ApiDefinition{std::nullopt, [handler = std::move(handler)](const PyCall& call, const Bound&) {
                                        return handler(call);
                                    }});
}

const ApiDefinition* ApiRegistry::find(const std::string& family, const std::string& name) const {
    const auto it = entries_.find(ApiKey{family, name});
    return it == entries_.end() ? nullptr : &it->second;
}

std::vector<ApiKey> ApiRegistry::keys() const {
    std::vector<ApiKey> out;
    out.reserve(entries_.size());
    for (const auto& [key, definition] : entries_) out.push_back(key);
    return out;
}

const ApiRegistry& api_registry() {
    static const ApiRegistry registry = [] {
        ApiRegistry r;
        register_functional_wrappers(r);
        register_resampling_wrappers(r);
        register_composite_functionals(r);
        register_python_bindings(r);
        register_torch_wrappers(r);
        register_tensor_indexing(r);
        register_npu_bench_functions(r);
        register_npu_backward_functions(r);
        return r;
    }();
    return registry;
}

}  // namespace msprobe::run_ut
