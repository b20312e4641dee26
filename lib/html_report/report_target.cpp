#include "html_report/report_target.hpp"

#include <fmt/format.h>

#include "common/error.hpp"

namespace msprobe::html_report {

namespace fs = std::filesystem;

void check_report_target(const fs::path& target) {
    std::error_code ec;
    if (target.empty() || fs::is_directory(target, ec)) {
        throw Error(target.string(), "--html names the report file to write, not a directory");
    }
    for (fs::path dir = target.parent_path(); !dir.empty(); dir = dir.parent_path()) {
        if (fs::exists(dir, ec)) {
            if (!fs::is_directory(dir, ec)) throw Error(target.string(), fmt::format("{} is not a directory", dir.string()));
            break;
        }
        if (dir == dir.parent_path()) break;
    }
}

}  // namespace msprobe::html_report
