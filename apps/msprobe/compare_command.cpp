// compare: flags → CompareOptions; compare.json run by lib/compare_run (run_compare_json), -da by first_diff.
#include <fmt/format.h>

#include <optional>

#include "command_line.hpp"
#include "commands.hpp"
#include "mapping_flags.hpp"
#include "compare_flag_warnings.hpp"
#include "input_path.hpp"
#include "common/error.hpp"
#include "common/process_group.hpp"
#include "common/thread_pool.hpp"
#include "compare/html_compare_report.hpp"
#include "compare_run/request_run.hpp"
#include "first_diff/diff_analyze_job.hpp"
#include "first_diff/diff_screen.hpp"
#include "mapping/compare_keys.hpp"

namespace msprobe::cli {

namespace {

struct CompareFlags {
    std::string input;
    std::string output;
    bool output_given = false;
    bool stack = false;
    bool compare_only = false;
    bool fuzzy = false;
    bool highlight = false;
    bool diff_analyze = false;
    MappingFlagValues mapping;
    std::string format = "xlsx";
    std::string fail_on;
    bool locate = false;
    bool strict_compat = false;
    bool quiet = false;
    unsigned jobs = 0;
    std::string html;
};

void reject_unsupported(const CLI::App& cmd, const GlobalOptions& global) {
    const bool pytorch = global.framework == "pytorch";
    if (pytorch && (cmd.count("--api_mapping") || cmd.count("--cell_mapping"))) {
        throw Error("", "Argument -cm or -am is not supported in PyTorch framework");
    }
}

}  // namespace

Runner add_compare_command(CLI::App& cmd, const GlobalOptions& global) {
    auto flags = std::make_shared<CompareFlags>();
    cmd.add_option("-i,--input_path", flags->input, "compare.json naming npu_path, bench_path[, stack_path]")
        ->required();
    cmd.add_option("-o,--output_path", flags->output, "output directory (default ./output; created if missing)")
        ->expected(0, 1);
    cmd.add_flag("-s,--stack_mode", flags->stack, "add the NPU_Stack_Info column (with stack_path)");
    cmd.add_flag("-c,--compare_only", flags->compare_only, "skip the advisor analysis");
    cmd.add_flag("-f,--fuzzy_match", flags->fuzzy,
                 "fuzzy match: pair APIs in dump order ignoring their call counters (after compare, -f is this flag)");
    cmd.add_flag("--highlight", flags->highlight, "-hl: colour suspicious rows red/yellow");
    cmd.add_flag("--diff_analyze", flags->diff_analyze,
                 "-da: find the first differing API over all ranks: per-rank compare_result_rank*.json "
                 "and diff_analyze_*.json (step directories; two dump files are analysed as one rank; "
                 "-s, -c, -f, -hl and --format do not apply)");
    cmd.add_option("--api_mapping", flags->mapping.api_mapping,
                   "-am [yaml]: compare MindSpore APIs under their PyTorch names (built-in table, then the yaml's "
                   "records; MindSpore only)")
        ->expected(0, 1);
    cmd.add_option("--cell_mapping", flags->mapping.cell_mapping,
                   "-cm [yaml]: compare MindSpore cells as PyTorch modules (Cell → Module, then the yaml's "
                   "cell: module names; MindSpore only)")
        ->expected(0, 1);
    cmd.add_option("--data_mapping", flags->mapping.data_mapping,
                   "-dm yaml: NPU row name → bench row name; rows are then joined on that name alone");
    cmd.add_option("--layer_mapping", flags->mapping.layer_mapping,
                   "-lm [yaml]: generate the data mapping by aligning the two dumps' layer trees (needs stack.json "
                   "and construct.json; MindSpore only, ignored for PyTorch)")
        ->expected(0, 1);
    cmd.add_option("--format", flags->format,
                   "result file format: xlsx (msprobe's), csv, or json (schemas/compare_result.schema.json)")
        ->check(CLI::IsMember({"xlsx", "csv", "json"}));
    cmd.add_option("--fail-on", flags->fail_on,
                   "exit 1 when any row reaches this level: error (fails its mode's criterion or a red rule) or "
                   "warning (also yellow rules)")
        ->check(CLI::IsMember({"error", "warning"}));
    cmd.add_flag("--locate", flags->locate,
                 "real data: add the index of the max absolute and relative error as two last columns");
    add_jobs_option(&cmd, flags->jobs,
                    "threads of the whole run: ranks, tensors, parsing and compression (1: one thread)");
    add_html_option(&cmd, flags->html);
    cmd.add_flag("--strict_compat", flags->strict_compat,
                 "reproduce msprobe's own defects too (see docs/compatibility.md), for byte-level diffs");
    add_quiet_option(&cmd, flags->quiet);

    return [flags, &cmd, &global]() {
        ProcessGroup& processes = run_processes();
        // Checked on every process, printed once.
        run_on_every_process(processes, flags->input, [&] {
            reject_unsupported(cmd, global);
            expect_input(flags->input, PathKind::File, "compare.json (a file naming npu_path and bench_path)");
        });
        compare::CompareOptions options;
        options.framework =
            global.framework == "mindspore" ? compare::Framework::MindSpore : compare::Framework::PyTorch;
        options.input_path = flags->input;
        if (!flags->output.empty()) options.output_dir = flags->output;
        options.stack_mode = flags->stack;
        options.compare_only = flags->compare_only;
        options.fuzzy_match = flags->fuzzy;
        options.mapping = given_mappings(cmd, flags->mapping);
        options.highlight = flags->highlight;
        options.strict_compat = flags->strict_compat;
        options.format = flags->format == "csv"    ? compare::OutputFormat::Csv
                         : flags->format == "json" ? compare::OutputFormat::Json
                                                   : compare::OutputFormat::Xlsx;
        options.locate = flags->locate;
        options.show_progress = !flags->quiet;
        std::optional<compare::HtmlCompareReport> html;
        if (!flags->html.empty()) {
            run_on_every_process(processes, flags->html, [&] {
                options.html =
                    &html.emplace(flags->html, html_report::RunPaths{options.output_dir, {options.input_path}});
            });
        }
        ThreadPool pool(worker_threads(flags->jobs));
        run_on_every_process(processes, flags->input, [&] {
            mapping::check_mapping_files(options.mapping, options.framework == compare::Framework::MindSpore);
        });
        // Said after the run, so that bad input still gets exactly one line on stderr.
        RunOutcome outcome;
        outcome.warnings = flags_without_effect(cmd, flags->format);
        if (flags->diff_analyze) {
            const auto steps = first_diff::run_compare_diff_analyze(options, pool, processes);
            if (html && processes.is_first()) html->write();
            outcome.ends_successfully = true;
            outcome.screen = summary_text(first_diff::diff_run_summary(first_diff::rank_verdicts(steps), steps));
            return outcome;
        }
        const auto run = compare::run_compare_json(options, pool, processes);
        if (!run.ran_here) return RunOutcome{};  // process 0 compared it alone
        const auto& summary = run.summary;
        outcome.warnings.insert(outcome.warnings.end(), summary.ignored_flags.begin(), summary.ignored_flags.end());
        outcome.screen = summary_text(compare::run_summary(summary));
        if (summary.failed_ranks > 0) {
            outcome.failure = Error(options.input_path.string(),
                                    fmt::format("{} rank(s) could not be compared (see the errors above)",
                                                summary.failed_ranks));
            return outcome;
        }
        outcome.ends_successfully = true;
        outcome.fail_on = {flags->fail_on, summary.errors(), summary.warnings(),
                           fmt::format("{} error and {} warning row(s)", summary.errors(), summary.warnings())};
        return outcome;
    };
}
}  // namespace msprobe::cli
