#pragma once
// Where torchair leaves the GE graphs of a dump: files named
// dynamo_original_graph_*.txt in the GE dump folder or below it
// (torchair_acc_cmp.py:get_torchair_ge_graph_path). Graph i of the list pairs
// with the i-th group of dump folders on both sides.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

namespace msprobe::torchair_compare {

// How deep below the dump folder graph files are looked for.
inline constexpr int kMaxGraphDepth = 5;

// Whether a file name is a graph's, and for `rank` one of that rank's (its
// name holds "rank_<rank>_").
bool is_graph_file_name(std::string_view name, std::optional<std::int64_t> rank);

// The graph files in `dir` and up to kMaxGraphDepth folders below it, ordered
// by the first number in their names (name order among equal numbers); a
// name without a number is not a graph's. Empty when `dir` is not a folder.
std::vector<std::filesystem::path> ge_graph_files(const std::filesystem::path& dir,
                                                  std::optional<std::int64_t> rank = std::nullopt);

}  // namespace msprobe::torchair_compare
