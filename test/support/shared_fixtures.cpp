#include "support/shared_fixtures.hpp"

#include <cstdlib>
#include <fstream>
#include <string>

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

std::filesystem::path scratch_dir(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / ("msprobe_test_" + name + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

std::filesystem::path scratch_file(const std::string& name, const std::string& file_name, const std::string& text) {
    const auto path = scratch_dir(name) / file_name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

}  // namespace msprobe::testing
