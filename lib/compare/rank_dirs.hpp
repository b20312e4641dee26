#pragma once
// The rank directories of a step directory, as msprobe pairs them.
#include <filesystem>
#include <vector>

namespace msprobe::compare {

// The rank directories of a step directory (rank, rank0, rank1, ...) sorted
// by rank number, "rank" first. Throws msprobe::Error naming the directory
// for any other entry or when it cannot be listed.
std::vector<std::filesystem::path> list_rank_dirs(const std::filesystem::path& step_dir);

}  // namespace msprobe::compare
