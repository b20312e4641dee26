#pragma once
// Reading the rank results, the costly step of merge_result, spread over the
// run's processes: each reads its share (common/rank_plan.hpp, by file bytes)
// on its own pool, and process 0 receives every rank's extract. With one
// process this is the whole reading.
#include <string>
#include <vector>

#include "common/process_group.hpp"
#include "common/thread_pool.hpp"
#include "merge/rank_extract.hpp"
#include "merge/result_files.hpp"

namespace msprobe::merge {

// The extracts of `files` (one per rank, sorted by rank) in their order, on
// process 0; the other processes receive none. Collective. A rank that cannot
// be read fails the run on every process with the error of the lowest such
// rank, as one process reports it (run_on_every_process). `show_progress`: this
// process's files read, on a progress line of the terminal.
std::vector<RankExtract> extract_rank_results(const std::vector<RankResultFile>& files,
                                              const std::vector<std::string>& apis, ThreadPool& pool,
                                              ProcessGroup& processes, bool show_progress = false);

}  // namespace msprobe::merge
