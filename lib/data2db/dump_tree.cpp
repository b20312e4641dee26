#include "data2db/dump_tree.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "common/log.hpp"
#include "common/python_text.hpp"

namespace msprobe::data2db {

namespace {

namespace fs = std::filesystem;

std::vector<std::string> names_in(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

bool directory_at(const fs::path& path) {
    std::error_code ec;
    return fs::is_directory(path, ec);
}

bool regular_file_at(const fs::path& path) {
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

struct FoundFolder {
    std::int64_t number;
    std::string name;
    DumpRankFiles files;
};

// The rank list of one step folder; empty when it has none (after msprobe's warning).
std::vector<DumpRankFiles> step_ranks(std::int64_t step, const fs::path& step_path) {
    std::vector<FoundFolder> ranks;
    std::vector<FoundFolder> procs;
    std::vector<std::string> skipped;
    bool folder_found = false;
    for (const auto& name : names_in(step_path)) {
        const bool is_rank = name.starts_with("rank");
        if (!is_rank && !name.starts_with("proc")) continue;
        const fs::path item = step_path / name;
        const auto number = py::parse_int(std::string_view(name).substr(4));
        if (!directory_at(item) || !number) {
            skipped.push_back(name);
            continue;
        }
        folder_found = true;
        const fs::path dump_json = item / "dump.json";
        if (!regular_file_at(dump_json)) {
            log::warning(fmt::format("No 'dump.json' file found in: {}", item.string()));
            continue;
        }
        (is_rank ? ranks : procs).push_back({*number, name, {*number, dump_json, item / "construct.json"}});
    }
    if (!folder_found) {
        log::warning(
            fmt::format("No valid 'rank*' or 'proc*' directories found in: {}. Expected directory names like "
                        "'rank0' or 'proc0'. Skipped entries: {}",
                        step_path.string(),
                        skipped.empty() ? std::string("(none — no rank*/proc* entries at all)")
                                        : fmt::format("{}", fmt::join(skipped, ", "))));
    }
    const auto by_number = [](const FoundFolder& a, const FoundFolder& b) { return a.number < b.number; };
    std::stable_sort(ranks.begin(), ranks.end(), by_number);
    std::stable_sort(procs.begin(), procs.end(), by_number);
    std::vector<DumpRankFiles> result;
    for (auto& folder : ranks) result.push_back(std::move(folder.files));
    std::int64_t next_rank = ranks.empty() ? 0 : ranks.back().number + 1;
    // Python's dict {'proc<N>': rank}: a number given twice keeps its first place and its last rank.
    std::vector<std::pair<std::int64_t, std::int64_t>> mapping;
    for (auto& folder : procs) {
        const auto same = std::find_if(mapping.begin(), mapping.end(),
                                       [&](const auto& entry) { return entry.first == folder.number; });
        if (same == mapping.end()) {
            mapping.emplace_back(folder.number, next_rank);
        } else {
            same->second = next_rank;
        }
        folder.files.rank = next_rank++;
        result.push_back(std::move(folder.files));
    }
    if (!mapping.empty()) {
        std::vector<std::string> shown;
        for (const auto& [proc, rank] : mapping) shown.push_back(fmt::format("'proc{}': {}", proc, rank));
        log::info(fmt::format("Step {}: proc to rank mapping - {{{}}}", step, fmt::join(shown, ", ")));
    }
    return result;
}

}  // namespace

DumpTree find_dump_tree(const fs::path& data_dir) {
    log::info("Scanning data directory...");
    DumpTree tree;
    std::map<std::int64_t, std::vector<DumpRankFiles>> steps;
    for (const auto& name : names_in(data_dir)) {
        if (!name.starts_with("step")) continue;
        const fs::path step_path = data_dir / name;
        if (!directory_at(step_path)) continue;
        const auto step = py::parse_int(std::string_view(name).substr(4));
        if (!step) continue;
        tree.step_found = true;
        auto ranks = step_ranks(*step, step_path);
        if (!ranks.empty()) steps[*step] = std::move(ranks);  // a number twice: the later folder, as msprobe
    }
    if (!tree.step_found) {
        log::warning(fmt::format("No valid 'step*' directories found in: {}, Expected directory names like 'step0'.",
                                 data_dir.string()));
    }
    for (auto& [step, ranks] : steps) tree.steps.push_back({step, std::move(ranks)});
    return tree;
}

}  // namespace msprobe::data2db
