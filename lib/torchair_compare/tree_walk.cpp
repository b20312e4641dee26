#include "torchair_compare/tree_walk.hpp"

#include <algorithm>

namespace msprobe::torchair_compare {

namespace fs = std::filesystem;

WalkedFolder list_folder(const fs::path& dir) {
    WalkedFolder folder{dir, {}, {}};
    for (const auto& entry : fs::directory_iterator(dir)) {
        std::error_code ec;
        const bool is_folder = entry.is_directory(ec);  // follows a link, as entry.is_dir() does
        (is_folder ? folder.subfolders : folder.files).push_back(entry.path().filename().string());
    }
    std::sort(folder.subfolders.begin(), folder.subfolders.end());
    std::sort(folder.files.begin(), folder.files.end());
    return folder;
}

std::vector<WalkedFolder> walk_tree(const fs::path& root) {
    std::vector<WalkedFolder> folders;
    std::vector<fs::path> pending{root};
    while (!pending.empty()) {
        const fs::path dir = std::move(pending.back());
        pending.pop_back();
        WalkedFolder folder = list_folder(dir);
        for (const auto& name : folder.subfolders) {
            const fs::path sub = dir / name;
            if (!fs::is_symlink(sub)) pending.push_back(sub);
        }
        folders.push_back(std::move(folder));
    }
    std::sort(folders.begin(), folders.end(),
              [](const WalkedFolder& a, const WalkedFolder& b) { return a.path.native() < b.path.native(); });
    return folders;
}

std::vector<fs::path> subdirectories(const fs::path& dir) {
    std::vector<fs::path> dirs;
    for (const auto& name : list_folder(dir).subfolders) dirs.push_back(dir / name);
    return dirs;
}

bool is_digits(std::string_view name) {
    return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace msprobe::torchair_compare
