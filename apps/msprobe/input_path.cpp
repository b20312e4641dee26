#include "input_path.hpp"

#include <fmt/format.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "common/error.hpp"

namespace msprobe::cli {

void expect_input(const std::filesystem::path& path, PathKind kind, std::string_view expected) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        const int err = errno;
        const char* what = err == ENOENT         ? (kind == PathKind::File ? "no such file" : "no such directory")
                           : err == ELOOP        ? "too many levels of symbolic links"
                           : err == ENAMETOOLONG ? "file name too long"
                           : err == EACCES       ? "permission denied"
                           : err == ENOTDIR      ? "a component of the path is not a directory"
                                                 : std::strerror(err);
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
