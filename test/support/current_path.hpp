#pragma once
// The working directory of one test, given back at its end: for runs whose default outputs land in "./".
#include <filesystem>

namespace msprobe::testing {

class CurrentPath {
public:
    explicit CurrentPath(const std::filesystem::path& dir) : saved_(std::filesystem::current_path()) {
        std::filesystem::current_path(dir);
    }
    ~CurrentPath() { std::filesystem::current_path(saved_); }
    CurrentPath(const CurrentPath&) = delete;
    CurrentPath& operator=(const CurrentPath&) = delete;

private:
    std::filesystem::path saved_;
};

}  // namespace msprobe::testing
