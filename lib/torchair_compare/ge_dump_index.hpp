#pragma once
// The GE kernel dumps of a torchair run, found as msprobe finds them
// (torchair_acc_cmp.py: judge_single_or_multi_device, gather_data_with_token_id,
// init_ge_dump_data_from_bin_path). Every folder without subfolders is a token
// (its name, when all digits, is the token id; else 0). Tokens are grouped by
// the folder that names their graph: the parent folder (the model id) for one
// device, the folder three levels up (the device id) when the dump holds
// several devices. Groups come in the order of their ids (0 for a name that
// is not a number); group i pairs with graph file i.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace msprobe::torchair_compare {

// The dump files of one token, by op name: the fields between the op type and
// the last three (`OpType.op_name.task.stream.timestamp`), in file name order.
class TokenDumps {
public:
    // Adds a file; a second file of an op keeps the larger of the two (the
    // earlier on a tie), and says so on the log as msprobe does.
    void add(const std::string& op_name, const std::filesystem::path& file);

    const std::vector<std::pair<std::string, std::filesystem::path>>& ops() const { return ops_; }
    const std::filesystem::path* find(std::string_view op_name) const;
    bool contains(std::string_view op_name) const { return find(op_name) != nullptr; }

private:
    std::vector<std::pair<std::string, std::filesystem::path>> ops_;
    std::unordered_map<std::string, std::size_t> index_;
};

struct GeDumpGroup {
    std::vector<std::pair<std::int64_t, TokenDumps>> tokens;  // in the order their folders sort in

    const TokenDumps* find(std::int64_t token) const;
};

// Whether `dir` holds several devices: more than one subfolder, or one
// YYYYmmddHHMMSS folder with more than one subfolder.
bool holds_several_devices(const std::filesystem::path& dir);

// The op name msprobe reads from a dump file name, or nullopt for a file it
// skips: a .txt, .npy or .bin suffix, or fewer than five '.'-separated fields
// (said on the log).
std::optional<std::string> dump_op_name(const std::filesystem::path& file);

// The groups of the dump below `root` (at least one, possibly without tokens).
std::vector<GeDumpGroup> index_ge_dumps(const std::filesystem::path& root);

}  // namespace msprobe::torchair_compare
