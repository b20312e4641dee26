#include "torchair_compare/rank_folders.hpp"

#include <charconv>
#include <string>

#include "torchair_compare/tree_walk.hpp"

namespace msprobe::torchair_compare {

std::int64_t rank_of_folder_name(std::string_view name) {
    const auto at = name.rfind("rank");
    if (!name.starts_with("worldsize") || at == std::string_view::npos) return -1;
    const std::string_view digits = name.substr(at + 4);
    std::int64_t rank = -1;
    const auto [end, err] = std::from_chars(digits.data(), digits.data() + digits.size(), rank);
    if (digits.empty() || err != std::errc() || end != digits.data() + digits.size()) return -1;
    return rank;
}

std::set<std::int64_t> rank_folder_ids(const std::filesystem::path& dir) {
    std::set<std::int64_t> ranks;
    for (const auto& sub : subdirectories(dir)) {
        if (const auto rank = rank_of_folder_name(sub.filename().string()); rank != -1) ranks.insert(rank);
    }
    return ranks;
}

std::optional<std::filesystem::path> rank_folder(const std::filesystem::path& dir, std::int64_t rank) {
    const std::string tail = "rank" + std::to_string(rank);
    std::optional<std::filesystem::path> found;
    for (const auto& sub : subdirectories(dir)) {
        const std::string name = sub.filename().string();
        if (name.starts_with("worldsize") && name.ends_with(tail)) found = sub;
    }
    return found;
}

}  // namespace msprobe::torchair_compare
