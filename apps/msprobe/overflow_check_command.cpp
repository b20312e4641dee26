// overflow_check: flags → OverflowCheckOptions → msprobe::overflow::run_overflow_check.
#include <fmt/format.h>

#include <map>
#include <optional>

#include "command_line.hpp"
#include "commands.hpp"
#include "common/error.hpp"
#include "first_diff/nan_analyze_job.hpp"
#include "overflow/overflow_check_job.hpp"
#include "overflow_scan_flags.hpp"

namespace msprobe::cli {

namespace {

void reject_unsupported(const OverflowScanFlags& flags) {
    if (flags.reexec) {
        throw Error("",
                    "--reexec is not supported here; re-execute the overflowing APIs with "
                    "'msprobe -f pytorch run_overflow_check -api_info <dump.json>'");
    }
    if (!flags.rules.empty() && flags.no_rules) throw Error("", "--rules and --no-rules exclude each other");
}

}  // namespace

std::vector<CLI::Option*> add_overflow_scan_options(CLI::App* cmd, OverflowScanFlags& flags) {
    return {
        cmd->add_option("--format", flags.format, "text: stdout only (plus both files with -o); json or csv: that file")
            ->check(CLI::IsMember({"text", "json", "csv"})),
        cmd->add_option("--fail-on", flags.fail_on, "overflow: exit 1 when any dump holds an inf/NaN entry")
            ->check(CLI::IsMember({"overflow"})),
        cmd->add_option("--scope", flags.scope, "api (default): API entries; module: Module entries; all: both")
            ->check(CLI::IsMember({"all", "api", "module"})),
        cmd->add_option("--direction", flags.direction, "both (default), forward or backward entries")
            ->check(CLI::IsMember({"both", "forward", "backward"})),
        cmd->add_flag("--include-propagated", flags.include_propagated,
                      "list propagated/absorbed/mutation entries too (always on; accepted for compatibility)"),
        cmd->add_option("--mutation-threshold", flags.mutation_threshold,
                        "output/input Norm ratio reported as a mutation (default 100; 0 turns it off)")
            ->check(CLI::NonNegativeNumber),
        cmd->add_flag("--saturation", flags.saturation,
                      "also flag Max/Min at the dtype's largest finite value (saturation-mode NPUs)"),
        cmd->add_option("--rules", flags.rules,
                        "ignore rules yaml in msprobe's format (default: msprobe's shipped rules)")
            ->check(CLI::ExistingFile),
        cmd->add_flag("--no-rules", flags.no_rules, "apply no ignore rule"),
        cmd->add_flag("--first-only", flags.first_only, "list only the first overflow of each dump"),
        cmd->add_flag("--no-tensor-files", flags.no_tensor_files,
                      "tensor dumps: test the recorded statistics only, not the values in dump_tensor_data"),
        cmd->add_flag("--multi-rank", flags.multi_rank,
                      "-i is a step directory: also run the cross-rank first-anomaly analysis (nan_analyze) and write "
                      "its anomaly_analyze_<ns>.json"),
        cmd->add_flag("--reexec", flags.reexec,
                      "(not here: use run_overflow_check, which re-executes through libtorch)"),
        add_jobs_option(cmd, flags.jobs, "worker threads for tensor files"),
    };
}

RunOutcome run_overflow_scan(const OverflowScanFlags& flags) {
    reject_unsupported(flags);
    overflow::OverflowCheckOptions options;
    options.input = flags.input;
    if (!flags.output.empty()) options.output_dir = flags.output;
    options.format = flags.format == "json"  ? overflow::ReportFormat::Json
                     : flags.format == "csv" ? overflow::ReportFormat::Csv
                                             : overflow::ReportFormat::Text;
    options.scan.scope = flags.scope == "all"      ? overflow::Scope::All
                         : flags.scope == "module" ? overflow::Scope::Module
                                                   : overflow::Scope::Api;
    options.scan.direction = flags.direction == "forward"    ? overflow::DirectionFilter::Forward
                             : flags.direction == "backward" ? overflow::DirectionFilter::Backward
                                                             : overflow::DirectionFilter::Both;
    options.scan.mutation_threshold = flags.mutation_threshold;
    options.scan.saturation = flags.saturation;
    options.scan.read_tensor_files = !flags.no_tensor_files;
    if (flags.no_rules) {
        options.scan.rules = overflow::IgnoreRules::none();
    } else if (!flags.rules.empty()) {
        options.scan.rules = overflow::IgnoreRules::load(flags.rules);
    }
    options.first_only = flags.first_only;
    options.show_progress = !flags.quiet;
    ThreadPool pool(worker_threads(flags.jobs));

    // The cross-rank analysis validates every rank's three files before anything is written.
    std::optional<first_diff::NanAnalyzeSummary> multi_rank;
    if (flags.multi_rank) {
        first_diff::NanAnalyzeOptions nan;
        nan.input_dir = flags.input;
        nan.show_progress = !flags.quiet;
        if (!flags.output.empty()) nan.output_dir = flags.output;
        multi_rank = first_diff::run_nan_analyze(nan);
    }
    const auto result = overflow::run_overflow_check(options, pool);
    RunOutcome outcome;
    RunSummary summary = result.run;
    if (multi_rank && !multi_rank->written) summary.notes.emplace_back("multi-rank: no anomaly node found");
    if (multi_rank && multi_rank->written) {
        const auto& across = multi_rank->run.first_problem;
        summary.notes.push_back(
            fmt::format("multi-rank: first anomaly across the ranks: {} ({})", across->name, across->part));
        summary.written.insert(summary.written.begin(), *multi_rank->written);
    }
    outcome.screen = result.text + summary_text(summary);
    // The report names every overflow already: no line of its own.
    outcome.fail_on = {flags.fail_on, result.overflow_found() ? 1U : 0U, 0, ""};
    return outcome;
}

Runner add_overflow_check_command(CLI::App& cmd, const GlobalOptions& /*global*/) {
    auto flags = std::make_shared<OverflowScanFlags>();
    cmd.add_option("-i,--input_path", flags->input,
                   "a dump.json, a rank directory, a step directory (rank*/proc*), a dump root (step*), or a kernel "
                   "dump tree holding op-debug files (Opdebug.Node_OpDebug.*: the overflowing ops are traced to their "
                   "dumps and written with overflow_summary_<time>.txt into -o, default ./output)")
        ->required();
    cmd.add_option("-o,--output_path", flags->output,
                   "write overflow_check_<time>.json and .csv here (default ./output when --format is json|csv)");
    add_overflow_scan_options(&cmd, *flags);
    add_quiet_option(&cmd, flags->quiet);
    return [flags]() { return run_overflow_scan(*flags); };
}

}  // namespace msprobe::cli
