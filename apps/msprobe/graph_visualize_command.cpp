// graph_visualize, August's graph: msprobe graph_visualize -tp DIR [-gp DIR] -o DIR [...]
// flags → GraphOptions (folders given directly, graph_visualize's behaviour) → msprobe::graph::run_graph.
#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "commands.hpp"
#include "common/error.hpp"
#include "common/log.hpp"
#include "common/thread_pool.hpp"
#include "graph/graph_job.hpp"
#include "graph/parallel_merge_params.hpp"
#include "heap_pages.hpp"
#include "input_path.hpp"
#include "tensor_postprocess_config.hpp"

namespace msprobe::cli {

namespace {

struct GraphVisualizeFlags {
    std::string target, golden, output;
    std::string layer_mapping;
    bool overflow_check = false;
    bool fuzzy = false;
    bool tensor_log = false;
    bool progress_log = false;
    std::vector<int> rank_size, tp, pp, vpp;
    std::vector<std::string> order;
    std::string file_type = "db";
    bool strict_compat = false;
    bool quiet = false;
    unsigned jobs = 0;
    std::string html;
};

// --rank_size and friends: one value per side (npu, bench) that is merged.
std::optional<graph::ParallelParams> side_params(const GraphVisualizeFlags& flags, std::size_t side) {
    if (flags.rank_size.empty()) return std::nullopt;
    const auto value = [&](const std::vector<int>& values, const char* name, std::optional<int> fallback) {
        if (side < values.size()) {
            if (values[side] <= 0) throw Error("", fmt::format("'{}' must be greater than 0", name));
            return values[side];
        }
        if (!fallback) throw Error("", fmt::format("--{} needs a value for each side of the run", name));
        return *fallback;
    };
    graph::ParallelParams params;
    params.rank_size = value(flags.rank_size, "rank_size", std::nullopt);
    params.tp = value(flags.tp, "tp", std::nullopt);
    params.pp = value(flags.pp, "pp", std::nullopt);
    params.vpp = value(flags.vpp, "vpp", 1);
    if (side < flags.order.size()) params.order = flags.order[side];
    return params;
}

// --tp, --pp, --vpp and --order describe a merge, which only --rank_size asks
// for: without it msprobe ignores them, values out of range included, so a
// run the user meant to merge would not be (refused; --strict_compat warns).
void check_merge_options_need_rank_size(const CLI::App& cmd, const GraphVisualizeFlags& flags) {
    if (!flags.rank_size.empty()) return;
    for (const char* option : {"--tp", "--pp", "--vpp", "--order"}) {
        if (cmd.count(option) == 0) continue;
        if (!flags.strict_compat) {
            throw Error(
                "", fmt::format("{} describes a parallel merge and needs --rank_size (with --tp and --pp)", option));
        }
        log::warning(fmt::format("{} is ignored without --rank_size.", option));
    }
}

// The run input the flags describe; parallel merge settings are checked as input.json's would be.
graph::RunInput run_input(const GraphVisualizeFlags& flags) {
    graph::RunInput input;
    input.npu_path = flags.target;
    if (!flags.golden.empty()) input.bench_path = flags.golden;
    const std::size_t sides = input.bench_path ? 2 : 1;
    for (const auto* values : {&flags.rank_size, &flags.tp, &flags.pp}) {
        if (!flags.rank_size.empty() && values->size() != sides) {
            throw Error("", fmt::format("--rank_size, --tp and --pp need {} value(s) each ({})", sides,
                                        sides == 2 ? "npu, then bench" : "one per option for a build"));
        }
    }
    input.npu_parallel = side_params(flags, 0);
    if (sides == 2) input.bench_parallel = side_params(flags, 1);
    if (input.npu_parallel) graph::check_parallel_params(*input.npu_parallel, "npu", "");
    if (input.bench_parallel) graph::check_parallel_params(*input.bench_parallel, "bench", "");
    return input;
}

void print_progress(int percent, bool running) {
    std::printf("PROGRESS: {\"current_progress\": %d, \"process_running\": %s, \"error_msg\": []}\n", percent,
                running ? "true" : "false");
    std::fflush(stdout);
}

}  // namespace

Runner add_graph_visualize_command(CLI::App& cmd, const GlobalOptions& /*global: the dumps say their framework*/) {
    auto flags = std::make_shared<GraphVisualizeFlags>();
    cmd.add_option("--target_path", flags->target, "-tp: the NPU dump folder (rank, step or dump root)")->required();
    cmd.add_option("--golden_path", flags->golden, "-gp: the bench dump folder, of the same kind: compare mode");
    cmd.add_option("-o,--output_path", flags->output, "output folder (created if missing)")->required();
    cmd.add_option("--layer_mapping", flags->layer_mapping,
                   "-lm [yaml]: pair nodes through the layer mapping of the two dumps")
        ->expected(0, 1);
    cmd.add_flag("--overflow_check", flags->overflow_check, "-oc: give nodes with inf/NaN data an overflow level");
    cmd.add_flag("--fuzzy_match", flags->fuzzy, "-fm: pair the APIs of matched modules ignoring call counters");
    cmd.add_flag("--is_print_compare_log", flags->tensor_log, "-tensor_log: accepted, no effect");
    cmd.add_flag("--progress_log", flags->progress_log, "-progress_log: print PROGRESS lines for a front end");
    cmd.add_option("--rank_size", flags->rank_size, "parallel merge: ranks (build: one value; compare: npu bench)")
        ->expected(1, 2);
    cmd.add_option("--tp", flags->tp, "parallel merge: tensor-parallel size per side")->expected(1, 2);
    cmd.add_option("--pp", flags->pp, "parallel merge: pipeline-parallel size per side")->expected(1, 2);
    cmd.add_option("--vpp", flags->vpp, "parallel merge: virtual pipeline size per side (default 1)")->expected(1, 2);
    cmd.add_option("--order", flags->order, "parallel merge: Megatron order per side (default tp-cp-ep-dp-pp)")
        ->expected(1, 2);
    cmd.add_option("--file_type", flags->file_type,
                   "db, or json: a merge build's merged construct.json, dump.json and stack.json per rank")
        ->check(CLI::IsMember({"db", "json"}));
    add_jobs_option(&cmd, flags->jobs, "threads building the two sides, writing rows, measuring real-data tensors");
    add_html_option(&cmd, flags->html);
    cmd.add_flag("--strict_compat", flags->strict_compat,
                 "reproduce msprobe's own defects too (see docs/compatibility.md), for byte-level diffs");
    add_quiet_option(&cmd, flags->quiet);

    return [flags, &cmd]() {
        expect_input(flags->target, PathKind::Directory, "the NPU dump folder");
        if (!flags->golden.empty()) expect_input(flags->golden, PathKind::Directory, "the bench dump folder");
        graph::GraphOptions options;
        options.input = flags->target;
        check_merge_options_need_rank_size(cmd, *flags);
        options.run_input = run_input(*flags);
        // --file_type json: the dump files of a merge build (graph merged_dump_files), checked as msprobe does.
        if (flags->file_type == "json") {
            if (!flags->golden.empty()) {
                throw Error("",
                            "The --file_type json parameter is not supported in graph comparison mode. "
                            "Please remove the -gp/--golden_path parameter or use --file_type db.");
            }
            if (!options.run_input->npu_parallel) {
                log::warning(
                    "The --file_type json parameter is only supported in graph merge build scenarios. "
                    "Falling back to default db output.");
            } else if (!flags->html.empty()) {
                throw Error("", "--html shows a database: not with --file_type json");
            } else {
                options.merged_dump_files = true;
            }
        }
        options.output_dir = flags->output;
        options.overflow_check = flags->overflow_check;
        options.fuzzy_match = flags->fuzzy;
        options.strict_compat = flags->strict_compat;
        options.show_progress = !flags->quiet;
        options.free_last_graphs = false;  // the process ends after the run
        options.behaviour = graph::graph_visualize_behaviour();
        options.behaviour.comparison.tensor_postprocess = tensor_postprocess_folder();
        prefer_huge_heap_pages();  // before the pool's threads make their heaps
        ThreadPool pool(worker_threads(flags->jobs));
        if (!flags->html.empty()) options.html = flags->html;
        if (cmd.count("--layer_mapping")) {
            options.layer_mapping = true;
            if (!flags->layer_mapping.empty()) options.layer_mapping_file = flags->layer_mapping;
        }
        if (flags->progress_log) print_progress(0, true);
        RunSummary summary;
        options.summary = &summary;
        const auto written = graph::run_graph(options, pool);
        if (flags->progress_log) print_progress(100, false);
        RunOutcome outcome;
        outcome.screen = summary_text(summary);
        outcome.info_lines = {
            options.merged_dump_files
                ? fmt::format("Model graph exported successfully as JSON files to {}", written.string())
                : fmt::format("Model graph exported successfully, the result file is saved in {}", written.string())};
        return outcome;
    };
}

}  // namespace msprobe::cli
