#pragma once
// The compare result for machines (--format json): the same cells as the
// workbook, one object per row with its level and reasons, and the pair's
// summary. Its schema is schemas/compare_result.schema.json.
#include <filesystem>
#include <vector>

#include "compare/result_table.hpp"
#include "compare/row_level.hpp"
#include "compare/run_summary.hpp"

namespace msprobe::compare {

struct JsonResultSource {
    std::filesystem::path npu_dump;
    std::filesystem::path bench_dump;
};

// Writes the document to `path` (the caller makes that atomic).
void write_json_result(const ResultTable& result, const std::vector<RowVerdict>& verdicts, const PairOutcome& outcome,
                       const JsonResultSource& source, const std::filesystem::path& path);

}  // namespace msprobe::compare
