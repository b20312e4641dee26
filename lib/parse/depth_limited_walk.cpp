#include "parse/depth_limited_walk.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "common/error.hpp"

namespace msprobe::parse {

namespace {

namespace fs = std::filesystem;

std::string joined(const std::string& dir, const std::string& name) {
    return dir.empty() || dir.back() == '/' ? dir + name : dir + "/" + name;
}

std::size_t separators(const std::string& path) {
    return static_cast<std::size_t>(std::count(path.begin(), path.end(), '/'));
}

struct Entry {
    std::string name;
    bool folder = false;  // a folder to walk (not a link to one)
    bool linked_folder = false;
};

std::vector<Entry> sorted_entries(const std::string& root) {
    std::error_code error;
    fs::directory_iterator it(root, error);
    if (error) throw Error(root, "cannot be read: " + error.message());
    std::vector<Entry> entries;
    for (; it != fs::directory_iterator(); it.increment(error)) {
        std::error_code ignored;
        const bool folder = it->is_directory(ignored);  // follows links, as os.walk's scandir does
        const bool link = it->is_symlink(ignored);
        entries.push_back({it->path().filename().string(), folder && !link, folder && link});
    }
    if (error) throw Error(root, "cannot be read: " + error.message());
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.name < b.name; });
    return entries;
}

void walk(const std::string& root, std::size_t top_separators, std::size_t depth, std::vector<WalkedFile>& files) {
    if (separators(root) - top_separators >= depth) return;
    const auto entries = sorted_entries(root);
    for (const auto& entry : entries) {
        if (!entry.folder && !entry.linked_folder) files.push_back({root, entry.name});
    }
    for (const auto& entry : entries) {
        if (entry.folder) walk(joined(root, entry.name), top_separators, depth, files);
    }
}

}  // namespace

std::string WalkedFile::path() const { return joined(root, name); }

std::vector<WalkedFile> depth_limited_walk(const std::string& top, std::size_t depth) {
    std::vector<WalkedFile> files;
    std::error_code error;
    if (!fs::is_directory(top, error)) return files;
    walk(top, separators(top), depth, files);
    return files;
}

}  // namespace msprobe::parse
