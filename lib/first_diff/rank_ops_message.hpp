#pragma once
// A rank's ops as they travel from the process that read its dump to process
// 0, which runs the search over every rank (nan_analyze spread over processes).
#include <nlohmann/json.hpp>

#include "first_diff/analysis.hpp"

namespace msprobe::first_diff {

nlohmann::json rank_ops_message(const RankOps& ops);
RankOps rank_ops_from_message(const nlohmann::json& message);

}  // namespace msprobe::first_diff
