#pragma once
// A compare.json's compare, after the flags: the request read once for every
// process, run by the room of its flavour (compare_request, legacy,
// static_graph), spread over the run's processes or on process 0 alone, and
// the --html report written.
#include "common/process_group.hpp"
#include "common/thread_pool.hpp"
#include "compare/compare_options.hpp"
#include "compare/run_summary.hpp"
#include "compare_request/compare_request.hpp"

namespace msprobe::compare {

// What one process did with the request.
struct RequestRun {
    bool ran_here = false;   // false: a request process 0 compared alone, on another process
    CompareSummary summary;  // ran_here: what the compare found
};

// The flavours whose ranks are spread over the run's processes (step directories, ptdbg rank folders);
// process 0 runs any other alone.
bool spreads_over_processes(const CompareRequest& request);

// Each flavour of compare request and the compare that runs it, on `processes` (spread flavours only).
CompareSummary run_compare_request(const CompareRequest& request, const CompareOptions& options, ThreadPool& pool,
                                   ProcessGroup& processes = single_process());

// The compare.json of options.input_path: read on every process (a bad one reported once), the inputs
// checked against options.html (when given), the request run where its flavour runs, and the report
// written on process 0 with the files the run placed. Throws msprobe::Error for bad input, as its
// flavour's run does.
RequestRun run_compare_json(const CompareOptions& options, ThreadPool& pool, ProcessGroup& processes);

}  // namespace msprobe::compare
