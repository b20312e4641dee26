#pragma once
// MindSpore static-graph single-point compare: a compare.json with
// "common": true (spec compare.md §13.2). Every NPU directory holding .npy
// files that also exists on the bench side gets <out>/<rel>/result.csv, one
// row per pair of files with the same key (x_float32_0.npy → key x).
#include <filesystem>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "compare/compare_options.hpp"
#include "compare/run_summary.hpp"
#include "report/table.hpp"

namespace msprobe::compare {

struct SinglePointConfig {
    std::filesystem::path npu_path;
    std::filesystem::path bench_path;
    std::map<std::string, std::string> map_dict;  // NPU key → bench key, used when the bench lacks the key
};

// map_dict of a compare.json (`file` names it in errors).
std::map<std::string, std::string> single_point_map_dict(const nlohmann::json& config,
                                                         const std::filesystem::path& file);

// The key of a dump file's base name: its `_` fields minus the last two
// ("z_grad_float32_0" → "z_grad"); nullopt with fewer than three fields.
std::optional<std::string> single_point_key(const std::string& stem);

// The result.csv table of one directory pair (empty when no pair is found).
// `npu_dir`/`bench_dir` are spelled as the Data_name column shows them.
report::Table single_point_table(const std::filesystem::path& npu_dir, const std::filesystem::path& bench_dir,
                                 const std::map<std::string, std::string>& map_dict, const CompareOptions& options);

// Writes every result.csv or none.
CompareSummary run_single_point_compare(const SinglePointConfig& config, const CompareOptions& options);

}  // namespace msprobe::compare
