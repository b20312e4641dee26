#pragma once
// MindSpore static-graph single-point compare: a compare.json with
// "common": true. Every NPU directory holding .npy
// files that also exists on the bench side gets <out>/<rel>/result.csv, one
// row per pair of files with the same key (x_float32_0.npy → key x).
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/thread_pool.hpp"
#include "compare/compare_options.hpp"
#include "compare_request/compare_request.hpp"
#include "compare/run_summary.hpp"
#include "report/table.hpp"

namespace msprobe::static_graph {

// The key of a dump file's base name: its `_` fields minus the last two
// ("z_grad_float32_0" → "z_grad"); nullopt with fewer than three fields.
std::optional<std::string> single_point_key(const std::string& stem);

// The result.csv table of one directory pair (empty when no pair is found).
// `npu_dir`/`bench_dir` are spelled as the Data_name column shows them.
report::Table single_point_table(const std::filesystem::path& npu_dir, const std::filesystem::path& bench_dir,
                                 const std::map<std::string, std::string>& map_dict,
                                 const compare::CompareOptions& options, ThreadPool& pool);

// Writes every result.csv or none.
compare::CompareSummary run_single_point_compare(const compare::SinglePointDirs& dirs,
                                                 const compare::CompareOptions& options, ThreadPool& pool);

}  // namespace msprobe::static_graph
