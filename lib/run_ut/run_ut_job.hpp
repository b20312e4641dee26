#pragma once
// run_ut and multi_run_ut: every forward API of a dump re-run and judged, in
// this process or split over worker processes appending to one pair of files.
#include <functional>
#include <string>
#include <vector>

#include "common/process_group.hpp"
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

// multi_run_ut over the processes an MPI launcher started: msprobe's `splits` slices of the APIs shared out
// among them, each split run by a worker of its process into files of its own; process 0 then joins them in
// split order (so the rows stand in API order) into the run's result and details files and returns the
// summary (the others return an empty one). Collective; a failure anywhere fails every process and leaves no
// result file. A -csv_path continuation is refused (it continues in one process).
RunUtSummary spread_multi_run_ut(const RunUtOptions& options, int splits, const WorkerCommandLine& worker_command_line,
                                 ProcessGroup& processes);

}  // namespace msprobe::run_ut
