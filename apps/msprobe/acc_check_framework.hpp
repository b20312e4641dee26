#pragma once
// August's acc_check has no -f: the "framework" of the -api_info dump.json picks the checker, PyTorch's or
// MindSpore's. A dump without the key is read for what its records spell (torch.Tensor / mindspore.Tensor,
// torch.float32 / Float32); msprobe's own refusal of it stays under --strict_compat.
#include <filesystem>

namespace msprobe::cli {

enum class CheckerFramework { PyTorch, MindSpore };

// Throws msprobe::Error naming the file for an unknown framework, or for a missing one that the records do not
// tell (or any missing one when `strict_compat`). `announce`: log which framework the records gave.
CheckerFramework api_info_framework(const std::filesystem::path& api_info, bool strict_compat, bool announce = true);

}  // namespace msprobe::cli
