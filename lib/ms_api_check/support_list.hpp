#pragma once
// Which dump entries msprobe's MindSpore API checker takes (ApiAccuracyChecker.is_api_checkable): every
// mint.* and mint.nn.functional.* API, the Tensor methods of its checker_support_api.yaml and the
// flash_attention_score fusion of a MindSpore dump; every Torch/Functional/Tensor API of a MindTorch dump.
// Everything else is left out without a row.
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::ms_api_check {

// The framework the tested side ran: the dump's "framework" (mindspore/ms, or mindtorch).
enum class TestedFramework { MindSpore, MindTorch };

// The Tensor methods of checker_support_api.yaml, in its order.
const std::vector<std::string>& supported_tensor_methods();

// `entry_key`: a key of the dump's "data", e.g. "MintFunctional.relu.0.forward".
bool is_checkable(std::string_view entry_key, TestedFramework framework);

// The torch module a family's APIs run from in the bench (api_runner.py's api_parent_module_str_mapping), e.g.
// "torch.nn.functional" for MintFunctional; empty for a family the tested framework has no bench for.
std::string bench_module(std::string_view family, TestedFramework framework);

// The family run_ut's executor knows the same torch module by ("Torch", "Functional", "Tensor"), or empty.
std::string executor_family(std::string_view family, TestedFramework framework);

}  // namespace msprobe::ms_api_check
