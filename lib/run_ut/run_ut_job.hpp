#pragma once
// run_ut and multi_run_ut: every forward API of a dump re-run and judged, in
// this process or split over worker processes appending to one pair of files.
#include <functional>
#include <string>
#include <vector>

#include "run_ut/run_ut_options.hpp"

namespace msprobe::run_ut {

// run_ut over one dump in this process.
RunUtSummary run_ut(const RunUtOptions& options);

// The argv (argv[0] the program) of a process that runs run_ut with `worker`'s options: the command line
// layer owns the flag spellings, so it builds multi_run_ut's worker commands.
using WorkerCommandLine = std::function<std::vector<std::string>(const RunUtOptions& worker)>;

// multi_run_ut: the forward APIs split over `processes` child processes, appending to one pair of files.
// Each worker's options are `options` with resume_csv the shared result file and its slice of the APIs.
RunUtSummary multi_run_ut(const RunUtOptions& options, int processes, const WorkerCommandLine& worker_command_line);

}  // namespace msprobe::run_ut
