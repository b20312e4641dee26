#pragma once
// nan_analyze end to end (diff_analyze spec Part 2): the first op that turned
// clean inputs into NaN/Inf, over every rank of a step directory, written as
// anomaly_analyze_{ns}.json.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "common/process_group.hpp"
#include "common/run_summary.hpp"
#include "dump/construct_parents.hpp"
#include "dump/json_view.hpp"
#include "first_diff/analysis.hpp"

namespace msprobe::first_diff {

struct NanAnalyzeOptions {
    std::filesystem::path input_dir;                // a step directory: rank, rank0, rank1, ...
    std::filesystem::path output_dir = "./output";  // created if missing
    bool show_progress = false;                     // the ranks read, on a progress line of the terminal
};

struct NanAnalyzeSummary {
    std::optional<std::filesystem::path> written;  // the analysis file, when an anomaly was found
    // Process 0's: the entries checked and flagged per rank, the anomaly the search put first (its rank, entry
    // and model frame), the file.
    RunSummary run;
};

// Throws msprobe::Error (exit 2) when the input is not a directory, holds no
// rank directory, or a rank lacks dump.json / construct.json / stack.json or
// has a malformed one; nothing is written then. Spread over `processes`, each
// reads its share of the ranks and process 0 searches and writes (its summary
// names the file; the others' are empty).
NanAnalyzeSummary run_nan_analyze(const NanAnalyzeOptions& options, ProcessGroup& processes = single_process());

// August's overflow_check (nan_analyze renamed): the same search, with August's
// rank folders (lenient_rank_dirs) and peers looked up by their exact
// API name. The first rank's dump.json must say "framework": "pytorch". A
// folder without rank folders (a dump root too) finds nothing: no file, no
// error. Throws msprobe::Error as run_nan_analyze does otherwise; spread as it is.
NanAnalyzeSummary run_exact_peer_nan_analyze(const NanAnalyzeOptions& options,
                                            ProcessGroup& processes = single_process());

// August's ranks of a step directory: "rank" is rank 0, "rank<digits>" that
// number, other names are passed over; a folder whose only entry starts with
// "proc" has that entry as rank 0. Ascending.
std::vector<std::pair<std::int64_t, std::filesystem::path>> lenient_rank_dirs(
    const std::filesystem::path& step_dir);

// The ranks of a step directory's entries: names starting with "rank" whose
// rest (after stripping r, a, n, k) is empty (rank 0) or digits; ascending.
std::vector<std::pair<std::int64_t, std::filesystem::path>> nan_rank_dirs(const std::filesystem::path& step_dir);

// construct.json's ancestor chain of `key`, outermost first, ending with it
// (nan_analyze's rules: an empty parent name or a repeat ends it).
std::vector<std::string> construct_chain(const dump::ConstructParents& construct, const std::string& key);

// The frame list stack.json holds for `key` (grouped layout), or null.
// Throws msprobe::Error naming `file` when a value is not a list.
dump::JsonView find_stack_frames(dump::JsonView stack, const std::string& key, const std::string& file);

}  // namespace msprobe::first_diff
