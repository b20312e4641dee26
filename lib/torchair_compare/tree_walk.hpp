#pragma once
// Folder listings as msprobe's torchair compare makes them with os.walk and
// os.listdir: a folder's subfolders are its entries that are folders (a link
// to one counts), but a walk does not descend into links; every other entry
// is a file. Lists come in name order (byte order of the names), so a run
// never depends on the order the file system lists a folder in.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::torchair_compare {

struct WalkedFolder {
    std::filesystem::path path;
    std::vector<std::string> subfolders;  // names, in name order
    std::vector<std::string> files;       // names, in name order
};

// Every folder under `root` and `root` itself, as sorted(os.walk(root)) gives
// them: ordered by their path text. Throws std::filesystem::filesystem_error
// for a folder that cannot be listed.
std::vector<WalkedFolder> walk_tree(const std::filesystem::path& root);

// One folder's listing (the entries of walk_tree's element for it).
WalkedFolder list_folder(const std::filesystem::path& dir);

// The subfolders of `dir` as paths, in name order.
std::vector<std::filesystem::path> subdirectories(const std::filesystem::path& dir);

// Whether `name` is all ASCII digits (str.isdigit on the names dumps use).
bool is_digits(std::string_view name);

}  // namespace msprobe::torchair_compare
