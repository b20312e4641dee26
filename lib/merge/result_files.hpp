#pragma once
// Finding the per-rank compare results in merge_result's input directory.
#include <filesystem>
#include <string>
#include <vector>

namespace msprobe::merge {

struct RankResultFile {
    int rank = 0;
    std::filesystem::path path;
};

// How a directory entry's name classifies it.
enum class ResultName {
    Rank,        // compare_result_rank{N}[-rank{N}]_{14 digits}.xlsx / .csv
    SingleRank,  // compare_result_rank[-rank]_{ts}: a single-card result, nothing to merge
    Foreign,     // any other .xlsx name: msprobe refuses the directory
    Ignored,     // not a result file at all (other extensions, other .csv files)
};

struct ClassifiedName {
    ResultName kind = ResultName::Ignored;
    int rank = 0;
    std::string timestamp;  // the 14 digits
};

ClassifiedName classify_result_name(const std::string& file_name);

// The rank results of `dir` (non-recursive), sorted by rank; one file per rank
// (the newest timestamp, an .xlsx before a .csv of the same time; the others are
// logged and left out). Throws msprobe::Error for an unreadable directory, a
// wrongly named .xlsx and fewer than two ranks, with msprobe's messages.
std::vector<RankResultFile> find_rank_results(const std::filesystem::path& dir);

}  // namespace msprobe::merge
