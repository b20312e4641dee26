#pragma once
// Which api_names run_ut knows: msprobe checks -config
// white/black list entries against its hook lists; this tool checks them
// against what its executor can resolve instead (docs/compatibility.md).
#include <string>
#include <vector>

namespace msprobe::run_ut {

// True when the executor resolves `api_name` for the Functional, Tensor or Torch family (an entry of the
// API registry or an ATen operator of libtorch's registry), or it names an NPU fused operator with a
// bench function in msprobe. A lookup: nothing is executed.
bool is_known_api_name(const std::string& api_name);

// The entries of `names` that are not known, in their order.
std::vector<std::string> unknown_api_names(const std::vector<std::string>& names);

}  // namespace msprobe::run_ut
