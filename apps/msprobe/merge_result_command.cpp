// merge_result: flags → MergeOptions → msprobe::merge::merge_results.
#include <algorithm>
#include <filesystem>
#include <memory>

#include "command_line.hpp"
#include "commands.hpp"
#include "common/process_group.hpp"
#include "input_path.hpp"
#include "merge/merge_job.hpp"

namespace msprobe::cli {

namespace {

struct MergeResultFlags {
    std::string input_dir;
    std::string output_dir;
    std::string config_path;
    unsigned jobs = 0;
    bool quiet = false;
};

}  // namespace

Runner add_merge_result_command(CLI::App& cmd, const GlobalOptions& /*global: both frameworks merge alike*/) {
    auto flags = std::make_shared<MergeResultFlags>();
    cmd.add_option("-i,--input_dir", flags->input_dir,
                   "directory of compare_result_rank{N}_{timestamp}.xlsx (or .csv) files")
        ->required();
    cmd.add_option("-o,--output_dir", flags->output_dir, "where multi_ranks_compare_merge_{timestamp}.xlsx goes "
                                                          "(created if missing)")
        ->required();
    cmd.add_option("--config,--config-path", flags->config_path,
                   "-config: yaml with 'api' (name prefixes to merge) and optional 'compare_index'")
        ->required();
    add_jobs_option(&cmd, flags->jobs, "threads reading the rank results");
    add_quiet_option(&cmd, flags->quiet);

    return [flags]() {
        ProcessGroup& processes = run_processes();
        // A missing directory is reported by merge itself, in msprobe's words; a file is not a directory.
        // Checked on every process, printed once.
        run_on_every_process(processes, flags->input_dir, [&] {
            if (std::error_code ec; std::filesystem::exists(flags->input_dir, ec)) {
                expect_input(flags->input_dir, PathKind::Directory, "a directory of compare_result_rank*.xlsx files");
            }
        });
        merge::MergeOptions options;
        options.input_dir = flags->input_dir;
        options.output_dir = flags->output_dir;
        options.config_path = flags->config_path;
        options.show_progress = !flags->quiet;
        ThreadPool pool(worker_threads(flags->jobs));
        RunOutcome outcome;
        // Rank results read across the processes.
        outcome.screen = summary_text(merge::merge_results(options, pool, processes).run);
        return outcome;
    };
}

}  // namespace msprobe::cli
