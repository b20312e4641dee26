#include "torchair_compare/graph_files.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "torchair_compare/tree_walk.hpp"

namespace msprobe::torchair_compare {

namespace fs = std::filesystem;

namespace {

// The first run of digits in a name, without leading zeros ("" for zero), or nullopt.
std::optional<std::string> first_number(std::string_view name) {
    const auto start = name.find_first_of("0123456789");
    if (start == std::string_view::npos) return std::nullopt;
    auto end = name.find_first_not_of("0123456789", start);
    if (end == std::string_view::npos) end = name.size();
    std::string_view digits = name.substr(start, end - start);
    while (!digits.empty() && digits.front() == '0') digits.remove_prefix(1);
    return std::string(digits);
}

// Numbers of any length compared by value (Python's int has no bound).
bool less_number(const std::string& a, const std::string& b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
}

}  // namespace

bool is_graph_file_name(std::string_view name, std::optional<std::int64_t> rank) {
    if (rank && name.find("rank_" + std::to_string(*rank) + "_") == std::string_view::npos) return false;
    return name.starts_with("dynamo_original_graph_") && name.ends_with(".txt");
}

std::vector<fs::path> ge_graph_files(const fs::path& dir, std::optional<std::int64_t> rank) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return {};
    std::vector<std::pair<std::string, fs::path>> found;
    std::vector<std::pair<fs::path, int>> pending{{dir, 0}};
    while (!pending.empty()) {
        const auto [folder, depth] = pending.back();
        pending.pop_back();
        const WalkedFolder listing = list_folder(folder);
        for (const auto& name : listing.files) {
            const auto number = first_number(name);
            if (number && is_graph_file_name(name, rank)) found.emplace_back(*number, folder / name);
        }
        if (depth == kMaxGraphDepth) continue;
        for (const auto& name : listing.subfolders) {
            if (!fs::is_symlink(folder / name)) pending.emplace_back(folder / name, depth + 1);
        }
    }
    std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
        if (a.first != b.first) return less_number(a.first, b.first);
        return a.second.native() < b.second.native();
    });
    std::vector<fs::path> files;
    for (auto& [number, path] : found) files.push_back(std::move(path));
    return files;
}

}  // namespace msprobe::torchair_compare
