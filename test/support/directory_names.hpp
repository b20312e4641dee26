#pragma once
// What a test's output directory holds, by name.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace msprobe::testing {

// The names in a directory, sorted; none when it does not exist.
inline std::vector<std::string> names_in(const std::filesystem::path& dir) {
    std::vector<std::string> names;
    if (!std::filesystem::exists(dir)) return names;
    for (const auto& e : std::filesystem::directory_iterator(dir)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace msprobe::testing
