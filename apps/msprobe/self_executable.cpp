#include "self_executable.hpp"

#include <unistd.h>

#include <climits>
#include <string>

namespace msprobe::cli {

std::filesystem::path self_executable() {
    char buf[PATH_MAX];
    const auto n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    return n > 0 ? std::filesystem::path(std::string(buf, static_cast<std::size_t>(n)))
                 : std::filesystem::path("msprobe");
}

}  // namespace msprobe::cli
