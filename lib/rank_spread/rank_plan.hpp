#pragma once
// Which process of a spread run compares which rank: the common plan
// (common/rank_plan.hpp), fed with the bytes a compare rank reads.
#include <cstdint>
#include <filesystem>
#include <vector>

#include "common/rank_plan.hpp"

namespace msprobe::compare {

using msprobe::process_of_ranks;
using msprobe::RankBytes;
using msprobe::ranks_of_process;

// What a rank reads: the sizes of `files` and of every regular file below
// `folders` (a missing or unreadable one counts 0: the compare reports it).
std::uintmax_t bytes_to_read(const std::vector<std::filesystem::path>& files,
                             const std::vector<std::filesystem::path>& folders);

}  // namespace msprobe::compare
