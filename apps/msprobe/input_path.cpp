#include "input_path.hpp"

#include <fmt/format.h>
#include <sys/stat.h>

#include <cerrno>
#include <string>

#include "common/error.hpp"
#include "common/path_status.hpp"

namespace msprobe::cli {

void expect_input(const std::filesystem::path& path, PathKind kind, std::string_view expected) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        const int err = errno;
        const std::string what = err != ENOENT             ? refused_path_reason(err)
                                 : kind == PathKind::File ? "no such file"
                                                          : "no such directory";
        throw Error(path.string(), fmt::format("{}; expected {}", what, expected));
    }
    const bool is_dir = S_ISDIR(st.st_mode);
    if (kind == PathKind::File && is_dir) {
        throw Error(path.string(), fmt::format("is a directory; expected {}", expected));
    }
    if (kind == PathKind::Directory && !is_dir) {
        throw Error(path.string(), fmt::format("is not a directory; expected {}", expected));
    }
}

}  // namespace msprobe::cli
