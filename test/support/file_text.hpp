#pragma once
// A whole file as bytes in a string, for tests that compare files, and the
// other way round for tests that make their inputs.
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

// Writes `text` to `path`, creating its directories.
inline void write_file(const std::filesystem::path& path, const std::string& text) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

// A one-byte file at `path`, for tests where only a file's name or presence matters.
inline void touch(const std::filesystem::path& path) { write_file(path, "x"); }

}  // namespace msprobe::testing
