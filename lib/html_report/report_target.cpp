#include "html_report/report_target.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <string>

#include "common/error.hpp"

namespace msprobe::html_report {

namespace fs = std::filesystem;

namespace {

// The path as the system will resolve it, or as typed when that cannot be told.
fs::path resolved(const fs::path& p) {
    std::error_code ec;
    fs::path r = fs::weakly_canonical(fs::absolute(p, ec), ec);
    return ec ? p.lexically_normal() : r;
}

bool same_file(const fs::path& a, const fs::path& b) {
    struct stat sa {};
    struct stat sb {};
    if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0) {
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    }
    return resolved(a) == resolved(b);
}

bool inside(const fs::path& path, const fs::path& dir) {
    auto p = path.begin();
    for (auto d = dir.begin(); d != dir.end(); ++d, ++p) {
        if (d->empty()) continue;  // a trailing separator
        if (p == path.end() || *p != *d) return false;
    }
    return true;
}

// The nearest folder on target's path that exists ("." for a bare name).
fs::path nearest_existing_dir(const fs::path& target) {
    std::error_code ec;
    for (fs::path dir = target.parent_path(); !dir.empty(); dir = dir.parent_path()) {
        if (fs::exists(dir, ec)) {
            if (!fs::is_directory(dir, ec))
                throw Error(target.string(), fmt::format("{} is not a directory", dir.string()));
            return dir;
        }
        if (dir == dir.parent_path()) break;
    }
    return ".";
}

// Creates and removes a file in `dir`: the one test that also catches /proc,
// read-only mounts and folders whose permissions root ignores.
void check_creatable(const fs::path& target, const fs::path& dir) {
    std::string probe = (dir / ".msprobe-html-check-XXXXXX").string();
    const int fd = ::mkstemp(probe.data());
    if (fd < 0) {
        throw Error(target.string(),
                    fmt::format("cannot create the report in {}: {}", dir.string(), std::strerror(errno)));
    }
    ::close(fd);
    ::unlink(probe.c_str());
}

}  // namespace

void check_report_target(const fs::path& target, const RunPaths& run) {
    std::error_code ec;
    if (target.empty() || !target.has_filename() || fs::is_directory(target, ec)) {
        throw Error(target.string(), "--html names the report file to write, not a directory");
    }
    const fs::path dir = nearest_existing_dir(target);
    const long name_max = ::pathconf(dir.c_str(), _PC_NAME_MAX);
    const std::size_t limit = name_max > 0 ? static_cast<std::size_t>(name_max) : NAME_MAX;
    for (const auto& part : target) {
        if (part.native().size() > limit) {
            throw Error(target.string(), fmt::format("a name on this path is longer than {} bytes", limit));
        }
    }
    if (target.native().size() >= PATH_MAX) throw Error(target.string(), "the path is too long");
    if (!run.output_dir.empty() && resolved(target) == resolved(run.output_dir)) {
        throw Error(target.string(), "--html names the output folder; name a file for the report");
    }
    const bool replaces = fs::exists(target, ec);
    for (const auto& input : run.inputs) {
        if (input.empty()) continue;
        if (same_file(target, input)) {
            throw Error(target.string(), "--html names one of this run's inputs; the report would replace it");
        }
        // A file already inside a folder the run reads may be one of its dump files.
        if (replaces && fs::is_directory(input, ec) && inside(resolved(target), resolved(input))) {
            throw Error(target.string(), fmt::format("--html would replace a file inside the input folder {}",
                                                     input.string()));
        }
    }
    check_creatable(target, dir);
}

}  // namespace msprobe::html_report
