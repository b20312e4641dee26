#include "compare_run/request_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "common/log.hpp"
#include "compare/html_compare_report.hpp"
#include "compare_request/compare_job.hpp"
#include "legacy/compare_job.hpp"
#include "static_graph/kernel_compare.hpp"
#include "static_graph/single_point_compare.hpp"

namespace msprobe::compare {

namespace fs = std::filesystem;

namespace {

template <class... Run>
struct Flavours : Run... {
    using Run::operator()...;
};
template <class... Run>
Flavours(Run...) -> Flavours<Run...>;  // clang 14 (the fuzz build) does not deduce aggregates yet

// Each step of both halves into <output>/<half>/<step>, one after the other, as msprobe's mix compare runs them.
CompareSummary run_mixed_halves_compare(const MixedHalvesDirs& mixed, const CompareOptions& options, ThreadPool& pool) {
    log::info("Start mix compare.");
    CompareSummary summary;
    for (const auto& step : mixed.steps) {
        log::info(fmt::format("[mix compare] Start comparing {}", step.output_subdir.generic_string()));
        CompareOptions step_options = options;
        step_options.output_dir = options.output_dir / step.output_subdir;
        CompareSummary part = run_step_dirs_compare(step.dirs, step_options, pool, single_process());
        for (auto& pair : part.pairs) {
            const fs::path label = step.output_subdir / pair.label;
            pair.label = label.generic_string();
            summary.pairs.push_back(std::move(pair));
        }
        summary.failed_ranks += part.failed_ranks;
        for (auto& flag : part.ignored_flags) {
            if (std::find(summary.ignored_flags.begin(), summary.ignored_flags.end(), flag) ==
                summary.ignored_flags.end()) {
                summary.ignored_flags.push_back(std::move(flag));
            }
        }
    }
    return summary;
}

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
        [&](const MixedHalvesDirs& mixed) { return run_mixed_halves_compare(mixed, options, pool); },
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
