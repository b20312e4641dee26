#pragma once
// Stage B/C input of compare -da: a compare_result_rank*.json file read into
// the analysis model: per API whether it differs, its rows, and its communication facts.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "dump/json_view.hpp"
#include "first_diff/analysis.hpp"
#include "first_diff/op_kinds.hpp"

namespace msprobe::first_diff {

struct ResultReadOptions {
    // msprobe's own defects, kept for byte-level comparisons: rank texts never
    // equal the integer rank when typing a node, and rank 0 is never added.
    bool strict_compat = false;
    const KeyRules* key_rules = &diff_key_rules();  // which keys are communication ops or ignored
};

// The rank of a result file name (compare_result_rank3_20260101.json -> 3;
// ..._rank_... -> 0); nullopt for names the analyzer does not take.
std::optional<std::int64_t> rank_of_result_name(const std::string& file_name);

// Reads a per-rank result file. Throws msprobe::Error naming the file when it
// is unreadable, malformed, or not an object of API entries.
RankOps read_rank_results(const std::filesystem::path& file, std::int64_t rank, const ResultReadOptions& options);

// The role and peers of a communication entry from its op_items (exposed for tests).
CommFacts comm_facts_of_items(dump::JsonView op_items, std::int64_t rank, const ResultReadOptions& options);

}  // namespace msprobe::first_diff
