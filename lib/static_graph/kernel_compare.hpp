#pragma once
// MindSpore static-graph kernel (L2) compare: a compare.json with rank_id and
// step_id. Both dump roots are searched for their
// lowest-level directories, which name a (rank, step); every pair present on
// both sides is compared into compare_result_{rank}_{step}_{ts}.xlsx, from the
// .npy tensors of the directories (NPY mode), from their kernel dump files
// read as NPY mode reads the .npy files made from them (BIN mode,
// kernel_bin_dumps.hpp), or from their statistic.csv (STATISTIC mode).
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "common/thread_pool.hpp"
#include "compare/compare_options.hpp"
#include "compare_request/compare_request.hpp"
#include "compare/run_summary.hpp"
#include "report/table.hpp"

namespace msprobe::static_graph {

// (rank, step) of a lowest-level dump directory from its path text, or
// nullopt when either is -1.
std::optional<std::pair<std::int64_t, std::int64_t>> kernel_rank_step(const std::string& path);

using RankStep = std::pair<std::int64_t, std::int64_t>;

// The lowest-level directories under root grouped by (rank, step), filtered
// by the config's lists; directories in name order.
std::map<RankStep, std::vector<std::filesystem::path>> kernel_dump_dirs(const std::filesystem::path& root,
                                                                       const compare::KernelDirs& config);

// The result table of one (rank, step) from each side's directories; nullopt
// when the data mode is unusable (no .npy, no kernel dump and no
// statistic.csv, or the sides disagree). Throws msprobe::Error naming a
// malformed statistic.csv or mapping.csv, or a kernel dump file that cannot be read.
std::optional<report::Table> kernel_compare_table(const std::vector<std::filesystem::path>& npu_dirs,
                                                  const std::vector<std::filesystem::path>& bench_dirs,
                                                  const compare::CompareOptions& options, ThreadPool& pool);

// A static-graph result for the end-of-run summary: "Yes" rows pass, "No" rows are errors.
compare::PairOutcome static_graph_outcome(std::string label, const report::Table& table, std::size_t accuracy_column,
                                 const std::filesystem::path& written);

// Writes every workbook or none (an error in any pair leaves nothing behind).
compare::CompareSummary run_kernel_compare(const compare::KernelDirs& dirs, const compare::CompareOptions& options,
                                           ThreadPool& pool);

}  // namespace msprobe::static_graph
