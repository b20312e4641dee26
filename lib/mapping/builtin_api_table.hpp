#pragma once
// msprobe's built-in MindSpore → PyTorch API-name table ("Functional.dense" →
// "Functional.linear", "Functional.abs" → "Torch.abs", ...), used by -am.
#include <string>
#include <unordered_map>

namespace msprobe::mapping {

using ApiTable = std::unordered_map<std::string, std::string>;

const ApiTable& builtin_api_table();

}  // namespace msprobe::mapping
