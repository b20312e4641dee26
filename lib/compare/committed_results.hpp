#pragma once
// The end of every compare flavour: the run's staged result files are moved
// into place together, and the summary and log name where they went (a name
// another run already took gets a number, see report::StagedFiles).
#include "compare/run_summary.hpp"
#include "report/output_file.hpp"

namespace msprobe::compare {

// Commits `staged`, rewrites every pair's `written` to the placed paths and
// logs "The result file is saved in: <path>" for each pair's first file.
void commit_results(report::StagedFiles& staged, CompareSummary& summary);

}  // namespace msprobe::compare
