// August's overflow_check: `-i STEP_DIR [-o OUT]` is msprobe's first-anomaly
// analysis (April's nan_analyze renamed) → first_diff::run_exact_peer_nan_analyze;
// --scan or any option of our scan runs the scan instead, as the April-style
// overflow_check does.
#include <algorithm>
#include <filesystem>

#include "command_line.hpp"
#include "command_shape.hpp"
#include "commands.hpp"
#include "common/error.hpp"
#include "common/process_group.hpp"
#include "first_diff/nan_analyze_job.hpp"
#include "overflow_scan_flags.hpp"

namespace msprobe::cli {

Runner add_august_overflow_check_command(CLI::App& cmd, const GlobalOptions& /*global*/) {
    auto flags = std::make_shared<OverflowScanFlags>();
    cmd.add_option("-i,--input_path", flags->input,
                   "step directory of the dump (e.g. dump/step0): its rank, rank<N> folders, or its one proc* "
                   "folder, each with dump.json, construct.json and stack.json")
        ->required();
    cmd.add_option("-o,--output_path", flags->output, "output directory (default ./output; created if needed)");
    auto scan_flag = std::make_shared<bool>(false);
    CLI::Option* scan = cmd.add_flag(
        "--scan", *scan_flag,
        "run our statistics scan instead (inf/NaN/mutation entries of any dump, as the April-style command)");
    auto scan_options = std::make_shared<std::vector<CLI::Option*>>(add_overflow_scan_options(&cmd, *flags));
    scan_options->push_back(scan);
    add_quiet_option(&cmd, flags->quiet);  // either run: not an option of the scan
    cmd.footer(
        "With --scan or any option of the scan (--format, --fail-on, --scope, --direction, --rules, --no-rules, "
        "--first-only, --multi-rank, --mutation-threshold, ...), or with a file as -i, the scan runs instead: -i may "
        "then be any dump (a dump.json, a rank, step or root folder, a kernel dump tree), files go to -o only when it "
        "is given or for --format json|csv. Otherwise msprobe's analysis runs.");
    return [flags, scan_flag, scan_options]() {
        // msprobe's analysis reads step folders only; a single dump file can only mean the scan.
        std::error_code ec;
        const bool scanning = std::any_of(scan_options->begin(), scan_options->end(),
                                          [](const CLI::Option* option) { return option->count() > 0; }) ||
                              std::filesystem::is_regular_file(flags->input, ec);
        if (scanning) {
            // Every process finds this alike: printed once.
            run_on_every_process(run_processes(), flags->input, [] {
                if (run_processes().size() > 1) {
                    throw Error("", "the scan does not spread over processes (msprobe's analysis does); run it as one "
                                    "process");
                }
            });
            return run_overflow_scan(*flags);
        }
        first_diff::NanAnalyzeOptions options;
        options.input_dir = flags->input;
        if (!flags->output.empty()) options.output_dir = flags->output;
        RunOutcome outcome;
        options.show_progress = !flags->quiet;
        try {
            // Ranks read across the processes.
            outcome.screen = summary_text(first_diff::run_exact_peer_nan_analyze(options, run_processes()).run);
        } catch (const Error& e) {
            // The scan keeps April's codes; msprobe's analysis ends a failed run with 1, as msprobe does.
            throw Error(e.file(), e.reason(), run_error_exit_code(ExitCodes::August, e.exit_code()));
        }
        return outcome;
    };
}

}  // namespace msprobe::cli
