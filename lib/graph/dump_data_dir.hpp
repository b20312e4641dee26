#pragma once
// The dump_data_dir a graph shows: a dump moved since it was written still
// names the folder it was written to; the relocating rule (msprobe's
// graph_visualize) points the viewer at the tensors beside the rank folder it
// actually reads.
#include <filesystem>
#include <optional>
#include <string>

namespace msprobe::graph {

enum class DumpDataDirRule {
    AsRecorded,  // dump.json's value, whatever folder the dump now sits in
    Relocated,   // relocated_dump_data_dir of a non-empty value
};

// `recorded` (dump.json's dump_data_dir, non-empty) when its parent folder, as
// Python's os.path.dirname gives it, is the real path of `rank_folder`; else
// `<real path of rank_folder>/dump_tensor_data`. The comparison is textual, as
// msprobe's: a trailing '/' or another spelling of the same folder counts as moved.
std::string relocated_dump_data_dir(const std::string& recorded, const std::filesystem::path& rank_folder);

// The value the graph shows for `recorded` under `rule`; null and "" stay as they are.
std::optional<std::string> shown_dump_data_dir(DumpDataDirRule rule, const std::optional<std::string>& recorded,
                                               const std::filesystem::path& rank_folder);

}  // namespace msprobe::graph
