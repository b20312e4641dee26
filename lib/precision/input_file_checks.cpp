#include "precision/input_file_checks.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/error.hpp"
#include "common/log.hpp"

namespace msprobe::precision {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxPathLength = 4096;
constexpr std::size_t kMaxFileNameLength = 255;

// Ownership and permissions: msprobe refuses, this tool warns (docs/compatibility.md).
void warn_about_ownership(const fs::path& path, const std::string& what) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return;
    const auto uid = ::geteuid();
    if (uid != 0 && st.st_uid != uid) {
        log::warning(fmt::format("{} {} is not owned by the current user", what, path.string()));
    }
    if ((st.st_mode & S_IWOTH) != 0) {
        log::warning(fmt::format("{} {} is writable by others", what, path.string()));
    }
}

}  // namespace

std::uintmax_t max_input_bytes(InputFileKind kind) {
    return kind == InputFileKind::Json ? (std::uintmax_t{10} << 30) : (std::uintmax_t{1} << 30);
}

void check_input_file(const fs::path& path, InputFileKind kind, const std::string& what, bool warn) {
    const std::string text = path.string();
    if (fs::absolute(path).lexically_normal().string().size() > kMaxPathLength) {
        throw Error(text, fmt::format("{}: the path is longer than {} characters", what, kMaxPathLength));
    }
    if (path.filename().string().size() > kMaxFileNameLength) {
        throw Error(text, fmt::format("{}: the file name is longer than {} characters", what, kMaxFileNameLength));
    }
    std::error_code ec;
    const auto status = fs::symlink_status(path, ec);
    if (ec || !fs::exists(status)) throw Error(text, fmt::format("{}: the file does not exist", what));
    if (fs::is_symlink(status)) throw Error(text, fmt::format("{}: the path must not be a soft link", what));
    if (!fs::is_regular_file(status)) throw Error(text, fmt::format("{}: the path is not a regular file", what));
    const char* suffix = kind == InputFileKind::Json ? ".json" : ".csv";
    if (path.extension() != suffix) throw Error(text, fmt::format("{}: the file must end in {}", what, suffix));
    const auto size = fs::file_size(path, ec);
    if (ec) throw Error(text, fmt::format("{}: the file size cannot be read", what));
    if (size > max_input_bytes(kind)) {
        throw Error(text, fmt::format("{}: the file is larger than msprobe's limit of {} GiB for {} files", what,
                                      max_input_bytes(kind) >> 30, suffix));
    }
    if (::access(path.c_str(), R_OK) != 0) throw Error(text, fmt::format("{}: the file is not readable", what));
    if (warn) warn_about_ownership(path, what);
}

}  // namespace msprobe::precision
