#pragma once
// The output of compare -da: diff_analyze_{ns}.json
// with, per rank, the first differing nodes' NPU statistics and stack.
#include <cstdint>
#include <filesystem>
#include <map>
#include <vector>

#include "first_diff/analysis.hpp"

namespace msprobe::first_diff {

// Writes the findings (2-space indent) to `out`, reading each node's rows
// back from its rank's result file. `ranks` are the analysed ranks (their
// ops), `result_files` the per-rank files they came from.
void write_diff_report(const std::vector<Finding>& findings, const std::vector<RankOps>& ranks,
                       const std::map<std::int64_t, std::filesystem::path>& result_files,
                       const std::filesystem::path& out);

}  // namespace msprobe::first_diff
