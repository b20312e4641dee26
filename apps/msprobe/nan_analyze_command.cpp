// nan_analyze: flags -> NanAnalyzeOptions -> msprobe::first_diff::run_nan_analyze.
#include "commands.hpp"
#include "input_path.hpp"
#include "common/error.hpp"
#include "common/process_group.hpp"
#include "first_diff/nan_analyze_job.hpp"

namespace msprobe::cli {

Runner add_nan_analyze_command(CLI::App& cmd, const GlobalOptions& global) {
    auto options = std::make_shared<first_diff::NanAnalyzeOptions>();
    auto output = std::make_shared<std::string>();
    cmd.add_option("-i,--input_path", options->input_dir,
                   "step directory of the dump (e.g. dump/step0) holding rank, rank0, rank1, ... each with "
                   "dump.json, construct.json and stack.json")
        ->required();
    cmd.add_option("-o,--output_path", *output, "output directory (default ./output; created if missing)");
    return [options, output, &global]() {
        ProcessGroup& processes = run_processes();
        // Checked on every process, printed once.
        run_on_every_process(processes, options->input_dir.string(), [&] {
            if (global.framework != "pytorch") throw Error("", "nan_analyze is available with -f pytorch only");
            expect_input(options->input_dir, PathKind::Directory,
                         "a step directory of the dump (e.g. dump/step0) holding rank, rank0, rank1, ...");
        });
        if (!output->empty()) options->output_dir = *output;
        const auto analysed = first_diff::run_nan_analyze(*options, processes);  // ranks read across the processes
        RunOutcome outcome;
        outcome.screen = summary_text(analysed.run);
        return outcome;
    };
}

}  // namespace msprobe::cli
