#pragma once
// compare -da and diff_analyze end to end (diff_analyze spec Part 1):
// per-rank first-diff compares (Stage A), then the analysis over their
// results (Stages B, C).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "common/process_group.hpp"
#include "common/thread_pool.hpp"
#include "compare/compare_options.hpp"
#include "compare_request/compare_request.hpp"

namespace msprobe::first_diff {

// Two dump roots (step0, step1, ... folders of rank folders): every step found on both sides.
struct DumpRootDirs {
    std::filesystem::path npu_dir;
    std::filesystem::path bench_dir;
};

// What is analysed: every rank pair of two step directories or of each common
// step of two dump roots, or two dump.json files as one rank.
using DiffAnalyzeInput = std::variant<compare::StepDirs, compare::DumpFilePair, DumpRootDirs>;

struct AnalysedRank {
    std::string name;  // the NPU rank directory name: "rank", "rank3"
    std::int64_t rank = 0;
};

struct DiffAnalyzeSummary {
    std::string step;                            // "step0" of dump roots, "graph/step0" of jit-mixed ones; else ""
    std::vector<std::filesystem::path> written;  // per-rank results, then the analysis file if any
    bool found = false;                          // a first differing node was found
    std::vector<AnalysedRank> ranks;             // the ranks compared, in rank order
    std::optional<std::filesystem::path> report;  // the diff_analyze_{ns}.json written, when found
};

// Classifies the compare.json of options.input_path as compare does. Step
// directories: every rank pair is compared; two dump files: the pair is
// analysed as one rank; two jit-mixed dump roots: each step of each half,
// into <output_dir>/<half>/<step>; any other flavour is refused. All files
// appear together at the end, or none: any bad input throws msprobe::Error
// (exit 2) before a file is in place. Spread over `processes`, each compares
// its share of the ranks and process 0 runs the analysis once every rank is
// written; its summaries name every file, the others' only their own. One
// summary per step analysed.
std::vector<DiffAnalyzeSummary> run_compare_diff_analyze(const compare::CompareOptions& options, ThreadPool& pool,
                                                         ProcessGroup& processes = single_process());

// The same analysis of two sides named directly (options.input_path is not
// read): the same files, all or none; dump roots write each step's into
// <output_dir>/<step>. One summary per step analysed.
std::vector<DiffAnalyzeSummary> run_diff_analyze(const DiffAnalyzeInput& input, const compare::CompareOptions& options,
                                                 ThreadPool& pool, ProcessGroup& processes = single_process());

// August's `compare -tp NPU_STEP -gp BENCH_STEP -da`: the rank folders of the
// two step folders (others passed over) paired by position, each compared the
// way August's release compares for -da (occurrence_rank_table.hpp) into
// <output_dir>/compare_result_<rank folder>_{ts}.json, then
// diff_analyze_{ns}.json when something differs. No rank folder (a proc
// layout) yields nothing. All files appear together at the end, or none: bad
// input throws msprobe::Error before a file is in place. Of `options`, output_dir, strict_compat and
// show_progress are read.
DiffAnalyzeSummary run_positional_diff_analyze(const std::filesystem::path& npu_step,
                                           const std::filesystem::path& bench_step,
                                           const compare::CompareOptions& options, ThreadPool& pool,
                                           ProcessGroup& processes = single_process());

// Two paths given on the command line: two step directories, two dump roots
// (a directory holding a step0, step1, ... folder) or two dump.json files. Throws msprobe::Error naming the path that
// is missing or of the other kind.
DiffAnalyzeInput diff_analyze_input(const std::filesystem::path& npu, const std::filesystem::path& bench);

}  // namespace msprobe::first_diff
