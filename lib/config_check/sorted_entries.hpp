#pragma once
// The entries of an unpacked pack's folder by name, where msprobe takes them in os.listdir's order (the file
// system's): the same rows in the same order on every machine.
#include <filesystem>
#include <vector>

namespace msprobe::config_check {

// The entries of `dir` sorted by name; throws msprobe::Error naming `dir` when it cannot be listed.
std::vector<std::filesystem::path> sorted_entries(const std::filesystem::path& dir);

}  // namespace msprobe::config_check
