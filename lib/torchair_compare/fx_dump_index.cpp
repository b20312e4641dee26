#include "torchair_compare/fx_dump_index.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <set>

#include "common/error.hpp"
#include "common/log.hpp"
#include "torchair_compare/tree_walk.hpp"

namespace msprobe::torchair_compare {

namespace fs = std::filesystem;

namespace {

// The longest token folder name msprobe takes for a token (MAX_TOKEN_LEN).
constexpr std::size_t kMaxTokenLength = 12;

bool is_token_name(const std::string& name) { return name.size() < kMaxTokenLength && is_digits(name); }

std::int64_t token_number(const std::string& name) {
    std::int64_t value = 0;
    std::from_chars(name.data(), name.data() + name.size(), value);  // at most 11 digits: no overflow
    return value;
}

// The folders of token folders: each folder all of whose subfolders are token folders, in path order.
std::vector<std::vector<fs::path>> token_folder_groups(const fs::path& root) {
    std::vector<std::vector<fs::path>> groups;
    for (const auto& folder : walk_tree(root)) {
        if (folder.subfolders.empty() ||
            !std::all_of(folder.subfolders.begin(), folder.subfolders.end(), is_token_name)) {
            continue;
        }
        std::vector<std::string> names = folder.subfolders;
        std::stable_sort(names.begin(), names.end(),
                         [](const auto& a, const auto& b) { return token_number(a) < token_number(b); });
        std::vector<fs::path> group;
        for (const auto& name : names) group.push_back(folder.path / name);
        groups.push_back(std::move(group));
    }
    if (groups.empty()) groups.push_back({root});  // msprobe's fallback: the folder itself is the token
    return groups;
}

std::vector<fs::path> npy_files(const fs::path& dir) {
    std::vector<fs::path> files;
    for (const auto& name : list_folder(dir).files) {
        if (name.ends_with(".npy")) files.push_back(dir / name);
    }
    return files;
}

// A token id as msprobe numbers a folder: int(name), or 0 for a name that is not a number.
std::int64_t folder_token(const fs::path& dir) {
    const std::string name = dir.filename().string();
    return is_digits(name) ? token_number(name) : 0;
}

// Sets `key` to `value` as a Python dict assignment does: a key already there keeps its place.
template <class Value>
void assign(std::vector<std::pair<std::int64_t, Value>>& items, std::int64_t key, Value value) {
    for (auto& item : items) {
        if (item.first == key) {
            item.second = std::move(value);
            return;
        }
    }
    items.emplace_back(key, std::move(value));
}

using TokenFiles = std::vector<std::pair<std::int64_t, std::vector<fs::path>>>;

TokenFiles rank_folder_tokens(const std::vector<fs::path>& group) {
    TokenFiles tokens;
    for (const auto& dir : group) {
        const std::string name = dir.filename().string();
        auto files = npy_files(dir);
        if (files.empty()) continue;  // an empty token folder is left out
        assign(tokens, is_digits(name) ? token_number(name) + 1 : 0, std::move(files));
    }
    return tokens;
}

std::vector<TokenFiles> dump_folder_tokens(const std::vector<fs::path>& group) {
    std::vector<std::pair<std::int64_t, std::vector<fs::path>>> dumps;  // token → its dump folders
    for (const auto& dir : group) assign(dumps, folder_token(dir), subdirectories(dir));
    std::set<std::size_t> counts;
    std::string listed;
    for (const auto& [token, folders] : dumps) {
        counts.insert(folders.size());
        listed += fmt::format("{}{}: {}", listed.empty() ? "" : ", ", token, folders.size());
    }
    if (counts.size() > 1) {
        log::warning(
            fmt::format("gather_data_with_token_id_fx found inconsistent dump counts across tokens: {{{}}}. "
                        "The smallest count will be used to avoid mixing unmatched dump indices.",
                        listed));
    }
    std::vector<TokenFiles> per_dump;
    const std::size_t count = counts.empty() ? 0 : *counts.begin();
    for (std::size_t i = 0; i < count; ++i) {
        TokenFiles tokens;
        for (const auto& [token, folders] : dumps) {
            auto files = npy_files(folders[i]);
            if (!files.empty()) assign(tokens, token, std::move(files));
        }
        if (!tokens.empty()) per_dump.push_back(std::move(tokens));
    }
    return per_dump;
}

FxDumpGroup fx_group(TokenFiles tokens) {
    FxDumpGroup group;
    for (auto& [token, files] : tokens) {
        std::sort(files.begin(), files.end(),
                  [](const fs::path& a, const fs::path& b) { return a.native() < b.native(); });
        std::unordered_map<std::string, FxOpFiles> ops;
        for (const auto& file : files) {
            const std::string name = file.filename().string();
            const bool input = name.find(".INPUT.") != std::string::npos;
            const std::string op = name.substr(0, name.find(input ? ".INPUT." : ".OUTPUT."));
            (input ? ops[op].inputs : ops[op].outputs).push_back(file);
        }
        if (!ops.empty()) assign(group.tokens, token - 1, std::move(ops));  // FX tokens count from 1
    }
    return group;
}

}  // namespace

const std::unordered_map<std::string, FxOpFiles>* FxDumpGroup::find(std::int64_t token) const {
    for (const auto& [id, ops] : tokens) {
        if (id == token) return &ops;
    }
    return nullptr;
}

std::vector<FxDumpGroup> index_fx_dumps(const fs::path& root, bool rank_folder) {
    std::vector<TokenFiles> gathered;
    for (const auto& group : token_folder_groups(root)) {
        if (rank_folder) {
            if (auto tokens = rank_folder_tokens(group); !tokens.empty()) gathered.push_back(std::move(tokens));
        } else {
            for (auto& tokens : dump_folder_tokens(group)) gathered.push_back(std::move(tokens));
        }
    }
    if (gathered.empty()) {
        throw Error(root.string(), "Cannot get fx dump data, because the gathered_files_list is empty.");
    }
    std::vector<FxDumpGroup> groups;
    for (auto& tokens : gathered) groups.push_back(fx_group(std::move(tokens)));
    return groups;
}

}  // namespace msprobe::torchair_compare
