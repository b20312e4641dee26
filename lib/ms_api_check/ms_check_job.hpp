#pragma once
// msprobe's MindSpore API accuracy checker without MindSpore: every checkable API of a tensor-task dump judged
// forward and backward, the tested side being the outputs the dump recorded and the bench libtorch on the CPU
// run on the recorded inputs; a statistics-task dump's APIs are SKIP rows (no tensors were recorded, and the
// tested side cannot be re-run here). A split run (multi_acc_check) deals the APIs round robin over its workers
// and writes their rows in dump order.
#include "ms_api_check/api_outcome.hpp"
#include "ms_api_check/ms_check_options.hpp"
#include "ms_api_check/ms_dump.hpp"
#include "ms_api_check/tensor_locations.hpp"

namespace msprobe::ms_api_check {

// The whole run. Throws msprobe::Error naming the file for a dump or result file msprobe's run would stop on,
// before any result file is written.
MsCheckSummary run_ms_check(const MsCheckOptions& options);

// One API of a parsed dump (both directions).
ApiOutcome check_api(const MsApi& api, const MsDump& dump, const TensorLocations& locations,
                     const MsCheckOptions& options);

// The Message of a statistics dump's SKIP rows.
inline constexpr const char* kStatisticsSkip =
    "statistics dump: no tensors were recorded, and the tested (MindSpore) side cannot be re-run without "
    "MindSpore; not checked. ";

}  // namespace msprobe::ms_api_check
