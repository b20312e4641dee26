// diff_analyze: compare -da as a subcommand of its own. The sides come as
// -tp/-gp (two step directories, two dump roots or two dump.json files) or as a compare.json
// (-i); the same job writes the same files, then a screen names each rank's
// first differing API.
#include <algorithm>
#include <vector>

#include "command_line.hpp"
#include "commands.hpp"
#include "input_path.hpp"
#include "common/error.hpp"
#include "common/process_group.hpp"
#include "common/thread_pool.hpp"
#include "first_diff/diff_analyze_job.hpp"
#include "first_diff/diff_screen.hpp"

namespace msprobe::cli {

namespace {

struct DiffAnalyzeFlags {
    std::string target;
    std::string golden;
    std::string input;
    std::string output;
    std::string fail_on;
    bool strict_compat = false;
    unsigned jobs = 0;
};

// Either both sides (-tp and -gp) or a compare.json (-i), never a mix.
void check_inputs(const DiffAnalyzeFlags& flags) {
    const bool sides = !flags.target.empty() || !flags.golden.empty();
    if (sides && !flags.input.empty()) {
        throw Error("", "-i/--input_path and -tp/--target_path, -gp/--golden_path exclude each other");
    }
    if (!sides && flags.input.empty()) {
        throw Error("", "give -tp/--target_path and -gp/--golden_path, or -i/--input_path compare.json");
    }
    if (sides && flags.target.empty()) throw Error("", "-gp/--golden_path needs -tp/--target_path");
    if (sides && flags.golden.empty()) throw Error("", "-tp/--target_path needs -gp/--golden_path");
}

}  // namespace

Runner add_diff_analyze_command(CLI::App& cmd, const GlobalOptions& global) {
    auto flags = std::make_shared<DiffAnalyzeFlags>();
    cmd.add_option("--target_path", flags->target,
                   "-tp: the NPU side: a step directory (rank, rank0, ... folders), a dump root (step0, step1, "
                   "...: each step into <output>/<step>) or a dump.json");
    cmd.add_option("--golden_path", flags->golden, "-gp: the bench side, of the same kind as -tp");
    cmd.add_option("-i,--input_path", flags->input,
                   "instead of -tp/-gp: a compare.json naming npu_path and bench_path (as compare -da reads it)");
    cmd.add_option("-o,--output_path", flags->output, "output directory (default ./output; created if missing)")
        ->expected(0, 1);
    cmd.add_option("--fail-on", flags->fail_on, "diff: exit 1 when any rank has a first differing API")
        ->check(CLI::IsMember({"diff"}));
    add_jobs_option(&cmd, flags->jobs, "worker threads (one rank each)");
    cmd.add_flag("--strict_compat", flags->strict_compat,
                 "reproduce msprobe's own defects too (see docs/compatibility.md), for byte-level diffs");

    return [flags, &global]() {
        ProcessGroup& processes = run_processes();
        // Checked on every process, printed once.
        run_on_every_process(processes, flags->input, [&] {
            check_inputs(*flags);
            if (!flags->input.empty()) {
                expect_input(flags->input, PathKind::File, "compare.json (a file naming npu_path and bench_path)");
            }
        });
        compare::CompareOptions options;
        options.framework =
            global.framework == "mindspore" ? compare::Framework::MindSpore : compare::Framework::PyTorch;
        if (!flags->output.empty()) options.output_dir = flags->output;
        options.strict_compat = flags->strict_compat;
        ThreadPool pool(worker_threads(flags->jobs));
        std::vector<first_diff::DiffAnalyzeSummary> steps;
        if (flags->input.empty()) {
            const auto input = prepared_on_every_process(processes, flags->target, [&] {
                return first_diff::diff_analyze_input(flags->target, flags->golden);
            });
            steps = first_diff::run_diff_analyze(input, options, pool, processes);
        } else {
            options.input_path = flags->input;
            steps = first_diff::run_compare_diff_analyze(options, pool, processes);
        }
        RunOutcome outcome;
        outcome.ends_successfully = true;
        outcome.screen = summary_text(first_diff::diff_run_summary(first_diff::rank_verdicts(steps), steps));
        const auto differing = std::count_if(steps.begin(), steps.end(), [](const auto& step) { return step.found; });
        outcome.fail_on = {flags->fail_on, static_cast<std::size_t>(differing), 0, "a rank differs from the bench"};
        return outcome;
    };
}

}  // namespace msprobe::cli
