#pragma once
// Runs the dump.json compare as msprobe does: one dump pair, or every rank of
// two step directories.
#include "common/process_group.hpp"
#include "common/thread_pool.hpp"
#include "compare/compare_options.hpp"
#include "compare_request/compare_request.hpp"
#include "compare/run_summary.hpp"

namespace msprobe::compare {

// Both throw msprobe::Error (exit 2) on bad input; nothing is written for a
// pair that fails.
CompareSummary run_dump_pair_compare(const DumpFilePair& pair, const CompareOptions& options, ThreadPool& pool);
// Step directories: the ranks are spread over `processes` (spread_ranks.hpp);
// each process stages its ranks' files, and they are committed only once every
// process has succeeded. Process 0's summary holds every rank; the others' only
// what they compared.
CompareSummary run_step_dirs_compare(const StepDirs& dirs, const CompareOptions& options, ThreadPool& pool,
                                     ProcessGroup& processes = single_process());

}  // namespace msprobe::compare
