#pragma once
// Small input files for the merge tests.
#include <filesystem>
#include <fstream>
#include <string>

namespace msprobe::testing {

inline void write_merge_input_text(const std::filesystem::path& path, const std::string& text) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

}  // namespace msprobe::testing
