#pragma once
// The JSON files of a first-difference run (compare -da, diff_analyze) set
// against msprobe's: the fixtures drop the timestamps from the file names,
// so files are paired by their name without it and compared as text.
#include <filesystem>
#include <map>
#include <string>

namespace msprobe::testing {

// Our output files by their name without the timestamp, as the fixtures name them:
// compare_result_rank1_20261125211940.json -> compare_result_rank1.json, diff_analyze_179...json -> diff_analyze.json.
std::map<std::string, std::filesystem::path> outputs_by_stem(const std::filesystem::path& dir);

// Every .json of `expected_dir` has a byte-identical twin in `out_dir`, and
// `out_dir` holds nothing else (Catch checks).
void require_same_files(const std::filesystem::path& expected_dir, const std::filesystem::path& out_dir);

// Two runs' output folders hold the same files, timestamps aside, byte for byte (Catch checks).
void require_same_outputs(const std::filesystem::path& first_dir, const std::filesystem::path& second_dir);

}  // namespace msprobe::testing
