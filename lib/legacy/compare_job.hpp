#pragma once
// The legacy layouts a compare.json may name: a
// ptdbg_ascend .pkl pair, ptdbg compare_distributed rank folders, and the
// npu/ and cpu/ folders of the online dispatch compare. Results are CSV files
// named as those tools named them. Each throws msprobe::Error (exit 2) on bad
// input, before anything is written.
#include "common/process_group.hpp"
#include "common/thread_pool.hpp"
#include "compare/compare_options.hpp"
#include "compare_request/compare_request.hpp"
#include "compare/run_summary.hpp"

namespace msprobe::legacy {

compare::CompareSummary run_ptdbg_compare(const compare::PtdbgPklPair& pair, const compare::CompareOptions& options,
                                          ThreadPool& pool);
// The rank folders are spread over `processes` as run_step_dirs_compare does.
compare::CompareSummary run_ptdbg_ranks_compare(const compare::PtdbgRankDirs& dirs,
                                                const compare::CompareOptions& options, ThreadPool& pool,
                                                ProcessGroup& processes = single_process());
compare::CompareSummary run_dispatch_compare(const compare::DispatchDirs& dirs, const compare::CompareOptions& options,
                                             ThreadPool& pool);

}  // namespace msprobe::legacy
