#include "graph/run_layout.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <string>

#include "common/error.hpp"

namespace msprobe::graph {

namespace {

struct Entry {
    std::string name;
    bool is_folder;
};

std::vector<Entry> entries_of(const std::filesystem::path& folder) {
    std::vector<Entry> entries;
    std::error_code error;
    for (std::filesystem::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
        entries.push_back({it->path().filename().string(), it->is_directory(error)});
    }
    if (error) throw Error(folder.string(), "cannot list the folder: " + error.message());
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.name < b.name; });
    return entries;
}

// Children named <word>, <word>0, <word>N (no leading zeros): number → path.
// Other entries are an error, or skipped when `skip_others`.
std::map<int, std::filesystem::path> numbered_folders(const std::filesystem::path& folder, const std::string& word,
                                                      bool skip_others) {
    const std::regex pattern("^" + word + "(?:0|[1-9][0-9]{0,8})?$");
    std::map<int, std::filesystem::path> folders;
    for (const Entry& entry : entries_of(folder)) {
        if (!std::regex_match(entry.name, pattern)) {
            if (skip_others) continue;
            throw Error((folder / entry.name).string(),
                        fmt::format("expected only {0} or {0}<number> folders beside it", word));
        }
        const int number = entry.name.size() == word.size() ? 0 : std::stoi(entry.name.substr(word.size()));
        folders[number] = folder / entry.name;
    }
    return folders;
}

// The stand-in for a folder without rank folders: its one proc<number> folder, as rank 0.
std::map<int, std::filesystem::path> process_folder(const std::filesystem::path& folder) {
    std::vector<std::filesystem::path> found;
    for (const Entry& entry : entries_of(folder)) {
        if (entry.is_folder && is_process_folder(folder / entry.name)) {
            found.push_back(folder / entry.name);
        }
    }
    if (found.size() != 1) {
        throw Error(folder.string(), found.empty() ? "no rank folder and no proc<number> folder"
                                                   : "no rank folder and several proc<number> folders");
    }
    return {{0, found.front()}};
}

}  // namespace

Layout classify_layout(const std::filesystem::path& folder, const RunFolderRules& rules) {
    const auto entries = entries_of(folder);
    if (entries.empty()) throw Error(folder.string(), "the folder is empty");
    const auto is_tensor_data = [](const Entry& e) { return e.name == "dump_tensor_data"; };
    if (std::any_of(entries.begin(), entries.end(), is_tensor_data)) return Layout::Files;
    if (std::none_of(entries.begin(), entries.end(), [](const Entry& e) { return e.is_folder; })) return Layout::Files;
    if (entries.size() == 1 && entries[0].name == "rank") return Layout::Ranks;
    // msprobe looks at the first entry of an unsorted listing; we take the first by name.
    if (rules.process_folder_as_rank && entries[0].name.rfind("proc", 0) == 0) return Layout::Ranks;
    static const std::regex rank(R"(^rank\d+$)");
    static const std::regex step(R"(^step\d+$)");
    auto all_folders_match = [&](const std::regex& pattern) {
        return std::all_of(entries.begin(), entries.end(),
                           [&](const Entry& e) { return !e.is_folder || std::regex_match(e.name, pattern); });
    };
    if (all_folders_match(rank)) return Layout::Ranks;
    if (all_folders_match(step)) return Layout::Steps;
    throw Error(folder.string(), "expected a rank folder, or folders all named rank<number> or all step<number>");
}

std::map<int, std::filesystem::path> rank_folders(const std::filesystem::path& folder, const RunFolderRules& rules) {
    auto ranks = numbered_folders(folder, "rank", rules.skip_stray_entries);
    if (rules.process_folder_as_rank && ranks.empty()) return process_folder(folder);
    return ranks;
}

bool is_process_folder(const std::filesystem::path& folder) {
    const std::string name = folder.filename().string();
    return name.size() > 4 && name.rfind("proc", 0) == 0 &&
           name.find_first_not_of("0123456789", 4) == std::string::npos;
}

std::map<int, std::filesystem::path> step_folders(const std::filesystem::path& folder) {
    return numbered_folders(folder, "step", false);
}

RunFolders run_folders(const std::filesystem::path& folder, Layout layout, const RunFolderRules& rules) {
    RunFolders run;
    switch (layout) {
        case Layout::Files: run[0][0] = folder; break;
        case Layout::Ranks: run[0] = rank_folders(folder, rules); break;
        case Layout::Steps:
            for (const auto& [step, step_folder] : step_folders(folder)) run[step] = rank_folders(step_folder, rules);
            break;
    }
    return run;
}

}  // namespace msprobe::graph
