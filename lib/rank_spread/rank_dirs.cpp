#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <regex>

#include "common/error.hpp"
#include "rank_spread/rank_dirs.hpp"

namespace msprobe::compare {

namespace fs = std::filesystem;

std::vector<fs::path> list_rank_dirs(const fs::path& step_dir, OtherEntries others) {
    static const std::regex kRankName("^rank(?:0|[1-9][0-9]*)?$");
    std::vector<std::pair<long, fs::path>> ranks;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(step_dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (!std::regex_match(name, kRankName) || !entry.is_directory()) {
            if (others == OtherEntries::Ignore) continue;
            throw Error(step_dir.string(), fmt::format("contains '{}', which is not a rank directory of a dump "
                                                       "(expected rank, rank0, rank1, ...)",
                                                       name));
        }
        long rank = -1;
        if (name != "rank") {
            const auto [end, err] = std::from_chars(name.data() + 4, name.data() + name.size(), rank);
            if (err != std::errc()) {
                throw Error(entry.path().string(), "the rank number is too large for a rank directory");
            }
        }
        ranks.emplace_back(rank, entry.path());
    }
    if (ec) throw Error(step_dir.string(), fmt::format("cannot list: {}", ec.message()));
    std::sort(ranks.begin(), ranks.end());
    std::vector<fs::path> out;
    for (auto& r : ranks) out.push_back(std::move(r.second));
    return out;
}

}  // namespace msprobe::compare
