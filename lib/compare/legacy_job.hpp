#pragma once
// The legacy layouts a compare.json may name (spec compare.md §12):
//   {"npu_pkl_path", "bench_pkl_path", "npu_dump_data_dir", "bench_dump_data_dir"}  ptdbg_ascend pair
//   {"npu_path": "<tag>_<ver>", "bench_path": ...} with rankN/ folders holding .pkl   ptdbg compare_distributed
//   {"npu_path": "<run>/npu", "bench_path": "<run>/cpu"} (or both the run folder)    online dispatch folders
// Results are CSV files named as those tools named them.
#include <optional>

#include "compare/compare_job.hpp"

namespace msprobe::compare {

// Runs the legacy compare the compare.json selects; nullopt when it selects
// none (then the ordinary dump.json compare applies). Throws msprobe::Error
// (exit 2) on bad input, before anything is written.
std::optional<CompareSummary> run_legacy_compare(const CompareOptions& options);

}  // namespace msprobe::compare
