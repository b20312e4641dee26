#pragma once
// The end of a directory compare spread over processes: this process's staged
// ranks are moved into place, then process 0 gathers every rank's outcome so
// its summary lists the ranks in order, whatever process compared them.
#include <cstddef>
#include <optional>
#include <vector>

#include "common/process_group.hpp"
#include "compare/run_summary.hpp"
#include "report/output_file.hpp"

namespace msprobe::compare {

// rank_outcomes: by rank, this process's outcomes (moved from); skipped: the
// ranks this process skipped. Fills summary.pairs, failed_ranks and
// ignored_flags (every process's notes, each once) on process 0; the other
// processes get their own.
void commit_spread_ranks(ProcessGroup& processes, report::StagedFiles& staged,
                         std::vector<std::optional<PairOutcome>>& rank_outcomes,
                         const std::vector<std::size_t>& skipped, CompareSummary& summary);

}  // namespace msprobe::compare
