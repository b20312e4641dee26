#pragma once
// Which process of a spread run compares which rank: balanced by the bytes
// each rank has to read, and the same on every process (no message needed).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <vector>

namespace msprobe::compare {

// The process of each rank: ranks taken largest first (lower index first
// among equals), each given to the process with the fewest bytes so far
// (lowest index among equals).
std::vector<std::size_t> process_of_ranks(const std::vector<std::uintmax_t>& rank_bytes, std::size_t processes);

// The ranks `process` compares, in rank order.
std::vector<std::size_t> ranks_of_process(const std::vector<std::uintmax_t>& rank_bytes, std::size_t processes,
                                          std::size_t process);

// What a rank reads: the sizes of `files` and of every regular file below
// `folders` (a missing or unreadable one counts 0: the compare reports it).
std::uintmax_t bytes_to_read(const std::vector<std::filesystem::path>& files,
                             const std::vector<std::filesystem::path>& folders);

}  // namespace msprobe::compare
