#pragma once
// The FX (eager) dumps of a torchair run, found as msprobe finds them
// (torchair_acc_cmp.py: gather_data_with_token_id_fx, init_fx_dump_data_from_path).
// Token folders are the subfolders of a folder whose subfolders all have
// all-digit names shorter than 12 characters. Without rank folders each token
// folder holds one dump folder per graph: the i-th dump folder of every token
// (in name order) makes group i, and the token ids are the folder names less
// one (FX counts from 1). In a rank folder the token folders of each folder
// holding them make a group, their .npy files directly inside, ids as named.
// Files are `<fx op>.INPUT.<i>.<ts>.npy` / `<fx op>.OUTPUT.<i>.<ts>.npy`.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace msprobe::torchair_compare {

// The files of one FX op in one token, each list in file path order.
struct FxOpFiles {
    std::vector<std::filesystem::path> inputs;
    std::vector<std::filesystem::path> outputs;
};

struct FxDumpGroup {
    // Token id → FX op name → its files; tokens in the order of their folders.
    std::vector<std::pair<std::int64_t, std::unordered_map<std::string, FxOpFiles>>> tokens;

    const std::unordered_map<std::string, FxOpFiles>* find(std::int64_t token) const;
};

// Tokens whose counts of dump folders differ are paired up to the smallest
// count (with msprobe's warning). Throws msprobe::Error naming `root` when
// no .npy file is found at all.
std::vector<FxDumpGroup> index_fx_dumps(const std::filesystem::path& root, bool rank_folder);

}  // namespace msprobe::torchair_compare
