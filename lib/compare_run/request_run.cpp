#include "compare_run/request_run.hpp"

#include <variant>

#include "compare/html_compare_report.hpp"
#include "compare_request/compare_job.hpp"
#include "legacy/compare_job.hpp"
#include "static_graph/kernel_compare.hpp"
#include "static_graph/single_point_compare.hpp"

namespace msprobe::compare {

namespace {

template <class... Run>
struct Flavours : Run... {
    using Run::operator()...;
};
template <class... Run>
Flavours(Run...) -> Flavours<Run...>;  // clang 14 (the fuzz build) does not deduce aggregates yet

}  // namespace

bool spreads_over_processes(const CompareRequest& request) {
    return std::holds_alternative<StepDirs>(request) || std::holds_alternative<PtdbgRankDirs>(request);
}

CompareSummary run_compare_request(const CompareRequest& request, const CompareOptions& options, ThreadPool& pool,
                                   ProcessGroup& processes) {
    const Flavours run{
        [&](const DumpFilePair& files) { return run_dump_pair_compare(files, options, pool); },
        [&](const StepDirs& dirs) { return run_step_dirs_compare(dirs, options, pool, processes); },
        [&](const PtdbgPklPair& pkl) { return legacy::run_ptdbg_compare(pkl, options, pool); },
        [&](const PtdbgRankDirs& dirs) { return legacy::run_ptdbg_ranks_compare(dirs, options, pool, processes); },
        [&](const DispatchDirs& dirs) { return legacy::run_dispatch_compare(dirs, options, pool); },
        [&](const KernelDirs& dirs) { return static_graph::run_kernel_compare(dirs, options, pool); },
        [&](const SinglePointDirs& dirs) { return static_graph::run_single_point_compare(dirs, options, pool); },
    };
    return std::visit(run, request);
}

RequestRun run_compare_json(const CompareOptions& options, ThreadPool& pool, ProcessGroup& processes) {
    const auto request = prepared_on_every_process(processes, options.input_path.string(),
                                                   [&] { return read_compare_request(options.input_path); });
    HtmlCompareReport* html = options.html;
    if (html) {
        run_on_every_process(processes, html->target().string(), [&] { html->check_inputs(paths_read(request)); });
    }
    const bool spread = spreads_over_processes(request);
    if (!spread && !processes.is_first()) return {};  // process 0 compares it alone
    RequestRun run{true, run_compare_request(request, options, pool, spread ? processes : single_process())};
    if (html && processes.is_first()) html->write(run.summary.written());
    return run;
}

}  // namespace msprobe::compare
