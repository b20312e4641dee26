#include "torchair_compare/ge_dump_index.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <map>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/python_str.hpp"
#include "torchair_compare/tree_walk.hpp"

namespace msprobe::torchair_compare {

namespace fs = std::filesystem;

namespace {

// A folder name's number as int() reads a str.isdigit() name; 0 for any other name.
std::int64_t folder_number(const std::string& name) {
    if (!is_digits(name)) return 0;
    std::int64_t value = 0;
    const auto [end, err] = std::from_chars(name.data(), name.data() + name.size(), value);
    if (err != std::errc()) throw Error(name, "a dump folder number too large to be a token, device or model id");
    return value;
}

// os.path.splitext's extension of a file name: from its last '.', leading dots not counting.
std::string_view python_extension(std::string_view name) {
    const auto first = name.find_first_not_of('.');
    if (first == std::string_view::npos) return {};
    const auto dot = name.rfind('.');
    return dot == std::string_view::npos || dot < first ? std::string_view{} : name.substr(dot);
}

std::uintmax_t size_of(const fs::path& file) { return fs::file_size(file); }

}  // namespace

void TokenDumps::add(const std::string& op_name, const fs::path& file) {
    const auto [it, inserted] = index_.emplace(op_name, ops_.size());
    if (inserted) {
        ops_.emplace_back(op_name, file);
        return;
    }
    fs::path& kept = ops_[it->second].second;
    const fs::path larger = size_of(file) > size_of(kept) ? file : kept;
    log::warning(fmt::format("duplicated op name: {}. [{}, {}]. Will keep the larger one {}.", op_name,
                             file.filename().string(), kept.filename().string(), larger.filename().string()));
    kept = larger;
}

const fs::path* TokenDumps::find(std::string_view op_name) const {
    const auto it = index_.find(std::string(op_name));
    return it == index_.end() ? nullptr : &ops_[it->second].second;
}

const TokenDumps* GeDumpGroup::find(std::int64_t token) const {
    for (const auto& [id, dumps] : tokens) {
        if (id == token) return &dumps;
    }
    return nullptr;
}

bool holds_several_devices(const fs::path& dir) {
    const WalkedFolder listing = list_folder(dir);
    if (listing.subfolders.size() > 1) return true;
    for (const auto& name : listing.subfolders) {
        if (name.size() == 14 && is_digits(name)) return list_folder(dir / name).subfolders.size() > 1;
    }
    return false;
}

std::optional<std::string> dump_op_name(const fs::path& file) {
    const std::string name = file.filename().string();
    const std::string_view extension = python_extension(name);
    if (extension == ".txt" || extension == ".npy" || extension == ".bin") return std::nullopt;
    const auto fields = py::split_dots(name);
    if (fields.size() < 5) {
        log::warning(fmt::format("invalid file name: {}, should contain at least 4 '.'", file.string()));
        return std::nullopt;
    }
    // fields[1:-3] joined by their dots: the text from field 1 to the end of field -4.
    const std::string_view first = fields[1];
    const std::string_view last = fields[fields.size() - 4];
    return std::string(first.data(), static_cast<std::size_t>(last.data() + last.size() - first.data()));
}

std::vector<GeDumpGroup> index_ge_dumps(const fs::path& root) {
    const bool several_devices = holds_several_devices(root);
    // Tokens by group id, each token's files in folder order (folders of one id and token merge).
    std::map<std::int64_t, std::vector<std::pair<std::int64_t, std::vector<fs::path>>>> groups;
    const auto walked = walk_tree(root);
    std::vector<const WalkedFolder*> tokens;
    for (const auto& folder : walked) {
        if (folder.subfolders.empty()) tokens.push_back(&folder);
    }
    for (const WalkedFolder* token : tokens) {
        fs::path owner = token->path.parent_path();
        if (several_devices) owner = owner.parent_path().parent_path();
        auto& group = groups[folder_number(owner.filename().string())];
        const std::int64_t id = folder_number(token->path.filename().string());
        auto it = std::find_if(group.begin(), group.end(), [id](const auto& t) { return t.first == id; });
        if (it == group.end()) it = group.insert(group.end(), {id, {}});
        for (const auto& name : token->files) it->second.push_back(token->path / name);
    }
    std::vector<GeDumpGroup> result;
    for (auto& [group_id, group_tokens] : groups) {
        GeDumpGroup group;
        for (auto& [id, files] : group_tokens) {
            std::sort(files.begin(), files.end(),
                      [](const fs::path& a, const fs::path& b) { return a.native() < b.native(); });
            TokenDumps dumps;
            for (const auto& file : files) {
                if (const auto op = dump_op_name(file)) dumps.add(*op, file);
            }
            group.tokens.emplace_back(id, std::move(dumps));
        }
        result.push_back(std::move(group));
    }
    if (result.empty()) result.emplace_back();
    return result;
}

}  // namespace msprobe::torchair_compare
