#pragma once
// How a side's folder is laid out: one rank folder ("files"), rank folders
// ("ranks": rank, rank0, rank1, ...) or step folders of rank folders
// ("steps": step0/rank0, ...), and the (step, rank) folders that make a run.
#include <filesystem>
#include <map>
#include <vector>

namespace msprobe::graph {

enum class Layout { Files, Ranks, Steps };

// What a folder of rank folders may hold besides them.
struct RunFolderRules {
    // An entry not named rank/rank<number> is skipped; else it is an error.
    bool skip_stray_entries = false;
    // A folder without rank folders is rank 0 when it holds exactly one
    // proc<number> folder, and a folder whose first entry starts with "proc" holds ranks.
    bool process_folder_as_rank = false;
};

// msprobe's classification (first rule that fires): empty → error; holds
// dump_tensor_data or only files → Files; exactly "rank" → Ranks (also when
// its first entry by name starts with "proc", with `process_folder_as_rank`);
// its folders all rankN → Ranks, all stepN → Steps; otherwise an error naming the folder.
Layout classify_layout(const std::filesystem::path& folder, const RunFolderRules& rules = {});

// rank number → rank folder of a Ranks-layout folder, ascending; other
// entries and proc<number> folders as `rules` say.
std::map<int, std::filesystem::path> rank_folders(const std::filesystem::path& folder,
                                                  const RunFolderRules& rules = {});
// Whether a rank folder is the proc<number> folder standing in for rank 0.
bool is_process_folder(const std::filesystem::path& folder);
// step number → step folder of a Steps-layout folder, ascending.
std::map<int, std::filesystem::path> step_folders(const std::filesystem::path& folder);

// The rank folders of one side: step → rank → folder (step 0 and rank 0 for the
// Files layout), rank folders listed as rank_folders lists them.
using RunFolders = std::map<int, std::map<int, std::filesystem::path>>;
RunFolders run_folders(const std::filesystem::path& folder, Layout layout, const RunFolderRules& rules = {});

}  // namespace msprobe::graph
