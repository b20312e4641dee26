#pragma once
// The files of a folder tree as msprobe's parse tool walks it (os_walk_for_files(path, depth)): the entries
// that are not directories, in `top` and in every folder below it whose path, joined as Python joins it,
// holds fewer than `depth` separators more than `top` as typed. So "dump/" reaches one level deeper than
// "dump", as in msprobe. Symbolic links to folders are not followed (nor listed as files). Our order: a
// folder's files by name, then its subfolders by name, each walked before the next.
#include <string>
#include <vector>

namespace msprobe::parse {

struct WalkedFile {
    std::string root;  // the folder, spelled from `top` on
    std::string name;

    // root and name joined as os.path.join joins them.
    std::string path() const;
};

// Nothing for a `top` that is not a folder. Throws msprobe::Error naming a folder that cannot be read.
std::vector<WalkedFile> depth_limited_walk(const std::string& top, std::size_t depth);

}  // namespace msprobe::parse
