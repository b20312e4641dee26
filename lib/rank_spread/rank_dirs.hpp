#pragma once
// The rank directories of a step directory, as msprobe pairs them.
#include <cstdint>
#include <filesystem>
#include <vector>

namespace msprobe::compare {

// What to do with an entry of a step directory that is not a rank directory:
// April's compare refuses the step, August's passes over it.
enum class OtherEntries : std::uint8_t { Refuse, Ignore };

// The rank directories of a step directory (rank, rank0, rank1, ...) sorted
// by rank number, "rank" first. Throws msprobe::Error naming the directory
// when it cannot be listed, and for any other entry unless told to ignore them.
std::vector<std::filesystem::path> list_rank_dirs(const std::filesystem::path& step_dir,
                                                  OtherEntries others = OtherEntries::Refuse);

}  // namespace msprobe::compare
