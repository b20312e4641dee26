#pragma once
// One unit of `msprobe compare` (August): every dump file pair of it compared
// on the thread pool, each into its own result file of the output folder.
#include <cstddef>
#include <filesystem>
#include <vector>

#include "common/process_group.hpp"
#include "common/thread_pool.hpp"
#include "compare/compare_options.hpp"
#include "compare/run_summary.hpp"
#include "compare/verdict_table.hpp"
#include "verdict_compare/compare_units.hpp"
#include "verdict_compare/verdict_table_writer.hpp"

namespace msprobe::compare {

struct VerdictJobOptions {
    VerdictTableOptions table;
    OutputFormat format = OutputFormat::Csv;
    std::filesystem::path output_dir = "./output";
    HtmlCompareReport* html = nullptr;  // --html: the report every pair's rows are recorded into
    // A MindSpore target against a PyTorch golden without any mapping flag is refused (check_cross_framework_mapping).
    bool cross_framework_needs_mapping = true;
    // A pair whose dump names a tensor file that is missing is refused, naming the file; otherwise its rows
    // read "unsupported" and pass, as msprobe's verdicts drop the read failure.
    bool missing_tensor_files_refused = true;
    // Progress lines on a terminal: the pairs of a unit done, or one pair's rows as they are written
    // (table.show_progress: its tensors).
    bool show_progress = false;
};

// What a run wrote, and its rows counted by their Result: in all, and per pair with its first problem.
struct VerdictJobSummary {
    std::vector<std::filesystem::path> written;
    std::size_t rows = 0;
    std::size_t warnings = 0;
    std::size_t errors = 0;
    std::vector<PairOutcome> pairs;  // in pair order; labelled by the pair's rank folder ("" for a lone pair)
};

// Compares every pair of a Pairs unit into <output_dir>/<unit.output_subdir>,
// pairs in parallel; the files are the same whatever the pool's size. A pair
// with nothing to compare leaves a log line and no file. Throws msprobe::Error
// for a pair that cannot be read or compared. With several processes the
// pairs are spread over them (spread_ranks.hpp) and their files appear only
// once every process has succeeded; process 0's summary counts every pair, the
// others' their own, and a failed pair throws on every process.
VerdictJobSummary run_verdict_pairs(const CompareUnit& unit, const VerdictJobOptions& options, ThreadPool& pool,
                                    ProcessGroup& processes = single_process());

}  // namespace msprobe::compare
