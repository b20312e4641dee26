#pragma once
// Which process of a spread run takes which rank: balanced by the bytes each
// rank has to read, and the same on every process (no message needed). The
// directory compares and merge_result plan their ranks with it.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace msprobe {

// The process of each rank: ranks taken largest first (lower index first
// among equals), each given to the process with the fewest bytes so far
// (lowest index among equals).
std::vector<std::size_t> process_of_ranks(const std::vector<std::uintmax_t>& rank_bytes, std::size_t processes);

// What a rank has to read, asked only when there is a plan to make.
using RankBytes = std::function<std::uintmax_t(std::size_t rank)>;

// The ranks `process` takes among `rank_count`, in rank order. A single
// process takes them all without asking any rank's size: the sizes may cost a
// walk of every tensor folder, which only a spread run needs.
std::vector<std::size_t> ranks_of_process(std::size_t rank_count, const RankBytes& bytes_of, std::size_t processes,
                                          std::size_t process);

}  // namespace msprobe
