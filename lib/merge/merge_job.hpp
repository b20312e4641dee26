#pragma once
// merge_result: the per-rank compare results of a directory, merged into one
// workbook with a sheet per compare index and a column per rank.
#include <filesystem>
#include <string>
#include <vector>

#include "common/process_group.hpp"
#include "common/run_summary.hpp"
#include "common/thread_pool.hpp"
#include "merge/merge_config.hpp"
#include "merge/rank_extract.hpp"
#include "report/xlsx_writer.hpp"

namespace msprobe::merge {

struct MergeOptions {
    std::filesystem::path input_dir;
    std::filesystem::path output_dir;
    std::filesystem::path config_path;
    bool show_progress = false;  // the rank results read, on a progress line of the terminal
};

// What a merge wrote: the book, and the run's summary (files read, ranks merged, rows and sheets, the
// APIs and indices used) on process 0.
struct MergeOutcome {
    std::filesystem::path written;
    RunSummary run;
};

// Runs the whole subcommand and returns the workbook written
// (output_dir/multi_ranks_compare_merge_{YYYYmmddHHMMSS}.xlsx). Throws
// msprobe::Error (exit 2) with msprobe's message when there is nothing to merge
// or an input is wrong; nothing is written then. The rank results are read on
// `pool`, spread over `processes`; process 0 merges and writes the book (the
// others return an empty path), and a failure anywhere fails every process.
MergeOutcome merge_results(const MergeOptions& options, ThreadPool& pool, ProcessGroup& processes = single_process());

// The sheets of the merged book from rank result files (sorted by rank, one
// per rank): read and reduced on `pool`, then merged in rank order.
std::vector<report::NamedTable> merge_rank_files(const std::vector<RankResultFile>& files, const MergeConfig& config,
                                                 ThreadPool& pool, const std::string& input_dir);

// The sheets of the merged book from the rank extracts (in rank order), as a
// sequential pass that drops unusable ranks with msprobe's warnings. `configured`
// is the config's compare_index (empty = the first usable rank's defaults).
// Throws msprobe::Error "Nothing to merge." when no rank contributes.
std::vector<report::NamedTable> merge_rank_extracts(const std::vector<RankExtract>& ranks,
                                                    const std::vector<std::string>& configured,
                                                    const std::string& input_dir);

}  // namespace msprobe::merge
