#pragma once
// A rank's PairOutcome as it travels from the process that compared it to
// process 0, which writes the run's summary.
#include <nlohmann/json.hpp>

#include "compare/run_summary.hpp"

namespace msprobe::compare {

nlohmann::json pair_outcome_message(const PairOutcome& outcome);
PairOutcome pair_outcome_from_message(const nlohmann::json& message);

}  // namespace msprobe::compare
