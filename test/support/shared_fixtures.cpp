#include "support/shared_fixtures.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

#include <unistd.h>

namespace msprobe::testing {

std::optional<std::filesystem::path> shared_fixtures_or_skip() {
#ifdef MSPROBE_SHARED_DIR
    const std::filesystem::path base = MSPROBE_SHARED_DIR;
#else
    const std::filesystem::path base = "../shared";
#endif
    const char* env = std::getenv("MSPROBE_SHARED_DIR");
    const std::filesystem::path dir = (env && *env ? std::filesystem::path(env) : base) / "fixtures";
    if (std::filesystem::is_directory(dir)) return std::filesystem::canonical(dir);
    std::fprintf(stderr, "SKIPPED: %s is absent; conformance tests against msprobe's outputs did not run\n",
                 dir.string().c_str());
    return std::nullopt;
}

std::filesystem::path scratch_dir(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / ("msprobe_test_" + name + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace msprobe::testing
