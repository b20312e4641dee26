#include "merge/result_files.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <regex>
#include <system_error>

#include "common/error.hpp"
#include "common/log.hpp"

namespace msprobe::merge {

namespace fs = std::filesystem;

namespace {

struct Candidate {
    ClassifiedName name;
    fs::path path;
    bool xlsx = false;
};

// Newest timestamp first; at equal times the workbook (msprobe's format) wins.
bool preferred(const Candidate& a, const Candidate& b) {
    if (a.name.timestamp != b.name.timestamp) return a.name.timestamp > b.name.timestamp;
    return a.xlsx && !b.xlsx;
}

}  // namespace

ClassifiedName classify_result_name(const std::string& file_name) {
    static const std::regex kRank(R"(^compare_result_rank(\d+)(?:-rank\1)?_(\d{14})\.(xlsx|csv)$)");
    static const std::regex kSingle(R"(^compare_result_(?:rank|rank-rank)_\d{14}\.(xlsx|csv)$)");
    const bool xlsx = file_name.size() >= 5 && file_name.compare(file_name.size() - 5, 5, ".xlsx") == 0;
    std::smatch match;
    if (std::regex_match(file_name, match, kRank)) {
        ClassifiedName name{ResultName::Rank, 0, match[2].str()};
        try {
            name.rank = std::stoi(match[1].str());
        } catch (const std::out_of_range&) {
            return {xlsx ? ResultName::Foreign : ResultName::Ignored, 0, {}};
        }
        return name;
    }
    if (std::regex_match(file_name, kSingle)) return {ResultName::SingleRank, 0, {}};
    // msprobe only looks at .xlsx names; a .csv of another name is simply not ours to merge.
    return {xlsx ? ResultName::Foreign : ResultName::Ignored, 0, {}};
}

std::vector<RankResultFile> find_rank_results(const fs::path& dir) {
    std::error_code ec;
    if (fs::is_symlink(dir, ec)) throw Error(dir.string(), "the input directory must not be a soft link");
    if (!fs::is_directory(dir, ec))
        throw Error(dir.string(), "the input directory does not exist or is not a directory");

    std::vector<Candidate> candidates;
    fs::directory_iterator it(dir, ec);
    if (ec) throw Error(dir.string(), fmt::format("cannot list the input directory: {}", ec.message()));
    std::vector<fs::directory_entry> entries(it, fs::directory_iterator());
    std::sort(entries.begin(), entries.end(),
              [](const auto& a, const auto& b) { return a.path().filename() < b.path().filename(); });
    bool single_rank_seen = false;
    for (const auto& entry : entries) {
        const std::string file_name = entry.path().filename().string();
        const ClassifiedName name = classify_result_name(file_name);
        switch (name.kind) {
            case ResultName::Ignored: continue;
            case ResultName::SingleRank:
                if (!single_rank_seen) log::warning("Single rank compare result do not need to be merged.");
                single_rank_seen = true;
                continue;
            case ResultName::Foreign:
                throw Error(entry.path().string(),
                            fmt::format("Wrong compare result name: {}, please check!", file_name));
            case ResultName::Rank: break;
        }
        if (fs::is_symlink(entry.path(), ec) || !fs::is_regular_file(entry.path(), ec)) {
            throw Error(entry.path().string(),
                        "a compare result must be a regular file, not a soft link or a directory");
        }
        candidates.push_back({name, entry.path(), file_name.ends_with(".xlsx")});
    }

    std::map<int, Candidate> by_rank;
    for (auto& candidate : candidates) {
        auto [slot, inserted] = by_rank.try_emplace(candidate.name.rank, candidate);
        if (inserted) continue;
        Candidate& kept = slot->second;
        const Candidate& dropped = preferred(candidate, kept) ? kept : candidate;
        log::warning(fmt::format("More than one compare result of rank{}: {} is not merged.", candidate.name.rank,
                                 dropped.path.filename().string()));
        if (preferred(candidate, kept)) kept = candidate;
    }

    std::vector<RankResultFile> files;
    for (const auto& [rank, candidate] : by_rank) files.push_back({rank, candidate.path});
    if (files.size() < 2) {
        throw Error(dir.string(), "Number of compare result is no more than 1, no need to merge.");
    }
    return files;
}

}  // namespace msprobe::merge
