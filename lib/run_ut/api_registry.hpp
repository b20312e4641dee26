#pragma once
// What run_ut runs by hand instead of straight through libtorch's operator
// registry: {family, api_name} -> the Python signature the arguments are bound
// to (defaults filled in) and the handler that reproduces the Python wrapper.
// Each wrapper file fills its part with one register_* function; the table is
// built once. A name that is not here goes to ATen by name (api_executor.hpp).
#include <ATen/core/ivalue.h>

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "run_ut/py_value.hpp"
#include "run_ut/python_signature.hpp"

namespace msprobe::run_ut {

struct ApiDefinition {
    // Python's parameters with their defaults; nullopt when the handler reads the call as given.
    std::optional<PySignature> signature;
    // `bound` is `call` bound to the signature (empty without one).
    std::function<c10::IValue(const PyCall& call, const Bound& bound)> handler;

    // Binds (a Python TypeError becomes SkipApi) and runs.
    c10::IValue run(const std::string& api_name, const PyCall& call) const;
};

using ApiKey = std::pair<std::string, std::string>;  // {family, api_name}

class ApiRegistry {
public:
    // Throws std::logic_error when {family, name} is already registered.
    void add(const std::string& family, const std::string& name, ApiDefinition definition);
    // A handler of the bound arguments.
    void add(const std::string& family, const std::string& name, PySignature signature,
             std::function<c10::IValue(const Bound&)> handler);
    // A handler of the call as given.
    void add(const std::string& family, const std::string& name, std::function<c10::IValue(const PyCall&)> handler);

    // nullptr when the name is not registered for the family.
    const ApiDefinition* find(const std::string& family, const std::string& name) const;
    bool contains(const std::string& family, const std::string& name) const { return find(family, name) != nullptr; }

    std::size_t size() const { return entries_.size(); }
    std::vector<ApiKey> keys() const;

private:
    std::map<ApiKey, ApiDefinition> entries_;
};

// Every wrapper file's entries, registered on first use.
const ApiRegistry& api_registry();

}  // namespace msprobe::run_ut
