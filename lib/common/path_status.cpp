#include "common/path_status.hpp"

#include <cerrno>
#include <cstring>
#include <system_error>

#include "common/error.hpp"

namespace msprobe {

std::filesystem::file_status path_status(const std::filesystem::path& path) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    // A missing path sets ec too, with a status that says so.
    if (ec && status.type() == std::filesystem::file_type::none) {
        throw Error(path.string(), refused_path_reason(ec.value()));
    }
    return status;
}

std::string refused_path_reason(int error) {
    switch (error) {
        case ELOOP: return "too many levels of symbolic links";
        case ENAMETOOLONG: return "file name too long";
        case EACCES: return "permission denied";
        case ENOTDIR: return "a component of the path is not a directory";
        default: return std::strerror(error);
    }
}

}  // namespace msprobe
