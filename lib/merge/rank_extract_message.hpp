#pragma once
// A rank's extract as it travels from the process that read the rank's result
// to process 0, which merges them all. Cells keep their kind and bits.
#include <nlohmann/json.hpp>

#include "merge/rank_extract.hpp"

namespace msprobe::merge {

nlohmann::json rank_extract_message(const RankExtract& extract);
RankExtract rank_extract_from_message(const nlohmann::json& message);

}  // namespace msprobe::merge
