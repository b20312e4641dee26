#pragma once
// nan_analyze's view of a rank's dump.json: which
// ops produce NaN/Inf from clean inputs, and what each communication op says
// about its peers.
#include <cstdint>
#include <filesystem>
#include <string>

#include "dump/json_view.hpp"
#include "first_diff/analysis.hpp"

namespace msprobe::first_diff {

// Whether a dump section (list of leaves, or dict of leaves) has a top-level
// leaf whose Max or Min reads nan / inf / -inf.
bool section_has_nan_inf(dump::JsonView section);

// The role and peers of a communication entry of rank `rank` (exposed for tests).
CommFacts nan_comm_facts(const std::string& key, dump::JsonView entry, std::int64_t rank);

// Whether an entry is anomalous: not ignored, clean inputs, NaN/Inf output.
bool entry_is_anomalous(const std::string& key, dump::JsonView entry);

// Reads a rank's dump.json. Throws msprobe::Error naming the file when it is
// unreadable or malformed; a dump without 'data' yields no ops.
RankOps read_nan_rank(const std::filesystem::path& dump_json, std::int64_t rank);

}  // namespace msprobe::first_diff
