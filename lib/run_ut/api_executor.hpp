#pragma once
// Executes a dumped API through libtorch's operator registry (spec run_ut
// §4.3, §6.5, §6.6): the family and api_name select ATen operators, the
// rebuilt Python arguments are bound to an overload's schema, and the Python
// wrappers that add logic (inplace flags, implicit softmax dims, loss
// reductions, argument reordering, dunder methods) are reproduced here.
#include <ATen/core/ivalue.h>

#include <stdexcept>
#include <string>

#include "run_ut/py_value.hpp"

namespace msprobe::run_ut {

// Raised for an API this tool cannot execute; its text becomes the SKIP message.
struct UnsupportedApi : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The name reaches no operator of libtorch's registry (lets -config checks tell unknown names apart).
struct UnknownApi : UnsupportedApi {
    using UnsupportedApi::UnsupportedApi;
};

// The call's result as Python would hold it (None for families that are not executed, e.g. VF).
c10::IValue execute_api(const std::string& family, const std::string& api_name, const PyCall& call);

// Calls aten::<op> (any overload whose schema accepts the arguments).
c10::IValue call_aten(const std::string& op, const std::vector<PyValue>& args, const PyKwargs& kwargs);

}  // namespace msprobe::run_ut
