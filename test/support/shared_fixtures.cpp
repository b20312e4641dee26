#include "support/shared_fixtures.hpp"

#include <cstdlib>
#include <fstream>
#include <mutex>
#include <string>
#include <system_error>
#include <vector>

#include <unistd.h>

namespace msprobe::testing {

std::filesystem::path shared_fixtures_dir() {
#ifdef MSPROBE_SHARED_DIR
    const std::filesystem::path base = MSPROBE_SHARED_DIR;
#else
    const std::filesystem::path base = "../shared";
#endif
    const char* env = std::getenv("MSPROBE_SHARED_DIR");
    return (env && *env ? std::filesystem::path(env) : base) / "fixtures";
}

bool fixtures_required() {
    const char* env = std::getenv("MSPROBE_REQUIRE_FIXTURES");
    return env && std::string(env) == "1";
}

namespace {

// The scratch directories this process made, removed when it exits normally: a
// run of the suite makes thousands, each named after its process. With
// MSPROBE_KEEP_SCRATCH=1 they stay, to look at what a test wrote.
class ScratchDirs {
public:
    void add(const std::filesystem::path& dir) {
        const std::lock_guard lock(mutex_);
        dirs_.push_back(dir);
    }
    ~ScratchDirs() {
        const char* keep = std::getenv("MSPROBE_KEEP_SCRATCH");
        if (keep && std::string(keep) == "1") return;
        std::error_code ignored;
        for (const auto& dir : dirs_) std::filesystem::remove_all(dir, ignored);
    }

private:
    std::mutex mutex_;
    std::vector<std::filesystem::path> dirs_;
};

ScratchDirs& scratch_dirs() {
    static ScratchDirs dirs;
    return dirs;
}

}  // namespace

std::filesystem::path scratch_dir(const std::string& name) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("msprobe_test_" + name + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    scratch_dirs().add(dir);
    return dir;
}

std::filesystem::path scratch_file(const std::string& name, const std::string& file_name, const std::string& text) {
    const auto path = scratch_dir(name) / file_name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

}  // namespace msprobe::testing
