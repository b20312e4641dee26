#pragma once
// graph_visualize's dump_data_dir: a dump moved since it was written still
// names the folder it was written to; August points the viewer at the tensors
// beside the rank folder it actually reads.
#include <filesystem>
#include <string>

namespace msprobe::graph {

// `recorded` (dump.json's dump_data_dir, non-empty) when its parent folder, as
// Python's os.path.dirname gives it, is the real path of `rank_folder`; else
// `<real path of rank_folder>/dump_tensor_data`. The comparison is textual, as
// msprobe's: a trailing '/' or another spelling of the same folder counts as moved.
std::string august_dump_data_dir(const std::string& recorded, const std::filesystem::path& rank_folder);

}  // namespace msprobe::graph
