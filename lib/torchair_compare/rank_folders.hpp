#pragma once
// The rank folders of torchair dumps from Ascend Extension for PyTorch 7.1.0
// on: `worldsize<N>_global_rank<r>` below the GE and FX dump folders
// (torchair_acc_cmp.py: get_rank_id_from_torchair_data, _has_rank_directory,
// acc_compare_once).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string_view>

namespace msprobe::torchair_compare {

// The rank a folder name gives: it starts with "worldsize" and its last
// "rank" is followed by digits only; -1 otherwise.
std::int64_t rank_of_folder_name(std::string_view name);

// The ranks of the rank folders directly in `dir` (empty when it has none).
std::set<std::int64_t> rank_folder_ids(const std::filesystem::path& dir);

// The folder of `rank` in `dir`: a folder whose name starts with "worldsize"
// and ends with "rank<rank>", the last in name order when several do.
std::optional<std::filesystem::path> rank_folder(const std::filesystem::path& dir, std::int64_t rank);

}  // namespace msprobe::torchair_compare
