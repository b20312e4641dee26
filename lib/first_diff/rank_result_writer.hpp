#pragma once
// Stage A of compare -da: one rank pair compared with
// the statistics (or md5) rules, checked API by API, and written as msprobe's
// compare_result_rank{N}_{timestamp}.json.
#include <cstdint>
#include <filesystem>
#include <optional>

#include "common/thread_pool.hpp"
#include "first_diff/api_check.hpp"

namespace msprobe::first_diff {

// One rank's NPU and bench dump.json, the input of Stage A.
struct RankDumpPair {
    std::filesystem::path npu_json;
    std::filesystem::path bench_json;
    std::optional<std::filesystem::path> stack_json;  // NPU stack.json: adds the NPU_Stack_Info column
};

// Which rank table is written: rows joined on key and shape with the
// workbook's cells and verdicts, or rows joined on occurrence keys with the
// statistics diff texts (occurrence_rank_table.hpp).
enum class RankTableStyle : std::uint8_t { ShapeJoined, OccurrenceKeyed };

// Compares the pair (tensor dumps by their statistics; no tensor file is
// read) and writes the per-API checks to `out` as JSON (4-space indent,
// Python conventions). Returns false, writing nothing, when no row matched.
// The two dumps are read side by side on `pool` if given, else one after the
// other. Throws msprobe::Error naming the file on unreadable or malformed dumps.
bool write_rank_result(const RankDumpPair& dumps, const DiffCheckConfig& config, const std::filesystem::path& out,
                       RankTableStyle style = RankTableStyle::ShapeJoined, ThreadPool* pool = nullptr);

}  // namespace msprobe::first_diff
