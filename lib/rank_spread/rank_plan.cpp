#include "rank_spread/rank_plan.hpp"

namespace msprobe::compare {

namespace fs = std::filesystem;

std::uintmax_t bytes_to_read(const std::vector<fs::path>& files, const std::vector<fs::path>& folders) {
    std::uintmax_t total = 0;
    std::error_code ec;
    for (const auto& file : files) {
        const auto size = fs::file_size(file, ec);
        if (!ec) total += size;
    }
    for (const auto& folder : folders) {
        if (!fs::is_directory(folder, ec)) continue;
        for (fs::recursive_directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
            std::error_code file_ec;
            if (!it->is_regular_file(file_ec)) continue;
            const auto size = it->file_size(file_ec);
            if (!file_ec) total += size;
        }
    }
    return total;
}

}  // namespace msprobe::compare
