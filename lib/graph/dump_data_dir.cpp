#include "graph/dump_data_dir.hpp"

#include <system_error>

namespace msprobe::graph {

namespace {

// posixpath.dirname: everything before the last '/', trailing slashes removed
// unless only slashes remain.
std::string python_dirname(const std::string& path) {
    const auto slash = path.rfind('/');
    if (slash == std::string::npos) return "";
    std::string head = path.substr(0, slash + 1);
    const auto last = head.find_last_not_of('/');
    if (last != std::string::npos) head.erase(last + 1);
    return head;
}

}  // namespace

std::string relocated_dump_data_dir(const std::string& recorded, const std::filesystem::path& rank_folder) {
    // msprobe compares with the folder of construct.json's real path, which is the rank folder's.
    std::error_code error;
    std::filesystem::path base = std::filesystem::canonical(rank_folder, error);
    if (error) base = rank_folder;  // read a moment ago, so this is not expected
    const std::string base_text = base.string();
    if (python_dirname(recorded) == base_text) return recorded;
    return (base / "dump_tensor_data").string();
}

std::optional<std::string> shown_dump_data_dir(DumpDataDirRule rule, const std::optional<std::string>& recorded,
                                               const std::filesystem::path& rank_folder) {
    if (rule == DumpDataDirRule::AsRecorded || !recorded || recorded->empty()) return recorded;
    return relocated_dump_data_dir(*recorded, rank_folder);
}

}  // namespace msprobe::graph
