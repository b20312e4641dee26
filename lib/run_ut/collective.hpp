#pragma once
// torch.distributed collectives re-executed offline (docs/run_ut_collectives.md).
// msprobe skips every Distributed API; with the dumps of all ranks of the
// group at hand the call can be recomputed: each rank's recorded input is
// rebuilt (its real tensor, or a random one within its own Min/Max), the
// collective's result for this rank is computed in float64 (the bench), and
// judged against what the rank recorded (real data) or the same reduction at
// the recorded dtype (statistics).
#include <optional>
#include <string>

#include "dump/json_view.hpp"
#include "precision/output_compare.hpp"
#include "run_ut/rank_dumps.hpp"

namespace msprobe::run_ut {

// Why `api_name` cannot be recomputed (point-to-point, barriers, unknown calls), or nullopt for a collective
// this tool re-executes.
std::optional<std::string> collective_unsupported(const std::string& api_name);

// Recomputes one collective for ranks.own_rank(). Throws SkipApi with the reason when the call cannot be rebuilt
// (a group rank's dump is missing, this rank does not hold the result, ...); the caller writes it as SKIP.
// Statistics-mode inputs are drawn from a private seed so the global random stream, which the other APIs'
// inputs depend on, is left exactly as msprobe leaves it.
precision::ApiComparison run_collective(const std::string& full_name, const std::string& api_name,
                                        dump::JsonView forward, RankDumps& ranks, bool device_from_dump);

}  // namespace msprobe::run_ut
