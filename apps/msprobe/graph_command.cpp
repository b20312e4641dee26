// graph: flags → GraphOptions (graph's behaviour) → msprobe::graph::run_graph.
#include <fmt/format.h>

#include <memory>

#include "command_line.hpp"
#include "commands.hpp"
#include "common/log.hpp"
#include "common/thread_pool.hpp"
#include "graph/graph_job.hpp"
#include "heap_pages.hpp"
#include "input_path.hpp"

namespace msprobe::cli {

namespace {

struct GraphFlags {
    std::string input;
    std::string output;
    std::string layer_mapping;
    bool overflow_check = false;
    bool fuzzy = false;
    bool strict_compat = false;
    bool quiet = false;
    unsigned jobs = 0;
    std::string html;
};

}  // namespace

Runner add_graph_command(CLI::App& cmd, const GlobalOptions& /*global: both frameworks build alike*/) {
    auto flags = std::make_shared<GraphFlags>();
    cmd.add_option("-i,--input_path", flags->input, "input JSON naming npu_path[, bench_path]")->required();
    cmd.add_option("-o,--output_path", flags->output, "output folder (created if missing)")->required();
    cmd.add_option("--layer_mapping", flags->layer_mapping,
                   "-lm [yaml]: pair nodes through the layer mapping of the two dumps")
        ->expected(0, 1);
    cmd.add_flag("--overflow_check", flags->overflow_check, "-oc: give nodes with inf/NaN data an overflow level");
    cmd.add_flag("-f,--fuzzy_match", flags->fuzzy,
                 "fuzzy match: pair the APIs of matched modules ignoring call counters");
    add_jobs_option(&cmd, flags->jobs, "threads building the two sides, writing rows, measuring real-data tensors");
    add_html_option(&cmd, flags->html);
    cmd.add_flag("--strict_compat", flags->strict_compat,
                 "reproduce msprobe's own defects too (see docs/compatibility.md), for byte-level diffs");
    add_quiet_option(&cmd, flags->quiet);

    return [flags, &cmd]() {
        expect_input(flags->input, PathKind::File, "the input JSON (a file naming npu_path and bench_path)");
        graph::GraphOptions options;
        options.input = flags->input;
        options.output_dir = flags->output;
        options.overflow_check = flags->overflow_check;
        options.fuzzy_match = flags->fuzzy;
        options.strict_compat = flags->strict_compat;
        options.show_progress = !flags->quiet;
        options.free_last_graphs = false;  // the process ends after the run
        options.behaviour = graph::graph_command_behaviour();
        prefer_huge_heap_pages();  // before the pool's threads make their heaps
        ThreadPool pool(worker_threads(flags->jobs));
        if (!flags->html.empty()) options.html = flags->html;
        if (cmd.count("--layer_mapping")) {
            options.layer_mapping = true;
            if (!flags->layer_mapping.empty()) options.layer_mapping_file = flags->layer_mapping;
        }
        RunSummary summary;
        options.summary = &summary;
        const auto written = graph::run_graph(options, pool);
        RunOutcome outcome;
        outcome.screen = summary_text(summary);
        outcome.info_lines = {
            fmt::format("Model graph exported successfully, the result file is saved in {}", written.string())};
        return outcome;
    };
}

}  // namespace msprobe::cli
