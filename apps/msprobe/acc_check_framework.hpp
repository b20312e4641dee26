#pragma once
// August's acc_check has no -f: the "framework" of the -api_info dump.json
// picks the checker. Only PyTorch's re-runs here.
#include <filesystem>

namespace msprobe::cli {

// Returns when the dump says pytorch (or pt); throws msprobe::Error naming
// the file for MindSpore dumps, an unknown framework or none at all.
void check_api_info_framework(const std::filesystem::path& api_info);

}  // namespace msprobe::cli
