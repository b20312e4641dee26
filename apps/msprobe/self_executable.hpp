#pragma once
// The running binary's own path, from which its siblings and installed files are found.
#include <filesystem>

namespace msprobe::cli {

// /proc/self/exe; "msprobe" when it cannot be read.
std::filesystem::path self_executable();

}  // namespace msprobe::cli
