#pragma once
// Executes a dumped API: a {family, api_name}
// of the API registry (api_registry.hpp: the Python wrappers that add logic)
// runs its handler; any other name goes to libtorch's operator registry, the
// rebuilt Python arguments bound to an overload's schema. Failures to run
// throw SkipApi (skip_api.hpp) with the SKIP message.
#include <ATen/core/ivalue.h>

#include <string>
#include <vector>

#include "run_ut/py_value.hpp"

namespace msprobe::run_ut {

// The call's result as Python would hold it (None for families that are not executed, e.g. VF).
c10::IValue execute_api(const std::string& family, const std::string& api_name, const PyCall& call);

// True when execute_api reaches a handler or an ATen operator for the name (nothing runs): the API names
// -config may list. Families other than Functional, Tensor, Torch, NPU and Aten are never executed.
bool api_resolves(const std::string& family, const std::string& api_name);

// Calls aten::<op> (any overload whose schema accepts the arguments).
c10::IValue call_aten(const std::string& op, const std::vector<PyValue>& args, const PyKwargs& kwargs);

}  // namespace msprobe::run_ut
