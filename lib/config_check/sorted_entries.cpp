#include "config_check/sorted_entries.hpp"

#include <algorithm>
#include <system_error>

#include "common/error.hpp"

namespace msprobe::config_check {

std::vector<std::filesystem::path> sorted_entries(const std::filesystem::path& dir) {
    std::error_code ec;
    std::vector<std::filesystem::path> entries;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        entries.push_back(it->path());
    }
    if (ec) throw Error(dir.string(), "cannot be listed: " + ec.message());
    std::sort(entries.begin(), entries.end());
    return entries;
}

}  // namespace msprobe::config_check
