#pragma once
// A whole file as bytes in a string, for tests that compare files.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace msprobe::testing {

inline std::string read_file_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace msprobe::testing
