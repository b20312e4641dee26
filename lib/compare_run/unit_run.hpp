#pragma once
// One unit of a -tp/-gp compare (verdict_compare/compare_units.hpp) run by its
// kind: Pairs into verdict tables (verdict_compare), DiffAnalyze through the
// first-difference analysis (first_diff), KernelCompare through the
// static-graph kernel compare (static_graph), NothingToDo as its log line.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

#include "common/process_group.hpp"
#include "common/thread_pool.hpp"
#include "first_diff/diff_analyze_job.hpp"
#include "verdict_compare/compare_units.hpp"
#include "verdict_compare/verdict_job.hpp"

namespace msprobe::compare {

// The ranks and steps a KernelCompare unit compares (--rank, --step); empty: every one.
struct KernelSelection {
    std::vector<std::int64_t> rank_ids;
    std::vector<std::int64_t> step_ids;
};

// What one unit wrote and its rows counted by their Result (a kernel compare counts rows and errors).
struct UnitResults {
    std::size_t rows = 0;
    std::size_t warnings = 0;
    std::size_t errors = 0;
    std::vector<std::filesystem::path> written;  // every file the unit placed
    std::vector<PairOutcome> pairs;              // each pair's counts and first problem, labelled "<subfolder>/<rank>"
    std::optional<first_diff::DiffAnalyzeSummary> analysed_step;  // a DiffAnalyze unit's analysis
};

// Runs `unit` into <options.output_dir>/<unit.output_subdir>. Pairs and DiffAnalyze units are spread over
// `processes`; a KernelCompare unit runs on process 0 alone while the others wait, so that its failure ends
// every process; a NothingToDo unit logs its note on process 0 and writes nothing. Throws msprobe::Error
// for what the unit's run refuses, and for kernel rank/step pairs that could not be compared.
UnitResults run_compare_unit(const CompareUnit& unit, const VerdictJobOptions& options, const KernelSelection& kernel,
                             ThreadPool& pool, ProcessGroup& processes = single_process());

}  // namespace msprobe::compare
