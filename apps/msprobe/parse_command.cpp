// parse: flags → ParseOptions → msprobe::parse::run_parse, or the interactive
// parse tool (its dc and cad on the command's thread pool) when no file is given and stdin is a terminal (or
// --interactive), or with -d the conversion of kernel dumps (msprobe::parse::convert_kernel_dumps).
#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_line.hpp"
#include "commands.hpp"
#include "common/error.hpp"
#include "common/log.hpp"
#include "common/printable.hpp"
#include "common/thread_pool.hpp"
#include "parse/interactive_shell.hpp"
#include "parse/kernel_dump_convert.hpp"
#include "parse/parse_job.hpp"

namespace msprobe::cli {

namespace {

struct ParseFlags {
    std::vector<std::string> inputs;
    std::string api;
    std::string stack, construct, output;
    std::string format = "text";
    bool interactive = false;
    bool no_color = false;
    parse::ParseOptions options;
    // -d: kernel dump conversion
    std::string dump_path, type = "pt", target_format;
    unsigned jobs = 0;
    bool quiet = false;
};

constexpr const char* kDefaultOutputPath = "./output";

// JSON keeps stdout to itself (the warnings are also inside it): they go to stderr then.
void report_warnings(const std::vector<std::string>& warnings, bool json) {
    for (const auto& warning : warnings) {
        if (json) {
            std::fprintf(stderr, "msprobe parse: warning: %s\n", printable(warning).c_str());
        } else {
            log::warning(warning);
        }
    }
}

RunOutcome run_kernel_dump_convert(const ParseFlags& flags, bool json) {
    parse::KernelDumpConvertOptions options;
    options.dump_path = flags.dump_path;
    options.output_dir = flags.output.empty() ? kDefaultOutputPath : flags.output;
    options.type = flags.type == "npy" ? parse::TensorFileType::Npy : parse::TensorFileType::Pt;
    if (!flags.target_format.empty()) options.target_format = flags.target_format;
    options.show_progress = !flags.quiet;
    ThreadPool pool(worker_threads(flags.jobs));
    const auto result = parse::convert_kernel_dumps(options, pool);
    report_warnings(result.warnings, json);
    RunOutcome outcome;
    outcome.screen =
        json
            ? parse::summary_json(result, options).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
            : summary_text(parse::convert_summary(result, options));
    if (json) outcome.screen += '\n';
    return outcome;
}

}  // namespace

Runner add_parse_command(CLI::App& cmd, const GlobalOptions& /*global*/) {
    auto flags = std::make_shared<ParseFlags>();
    auto& o = flags->options;
    auto* files = cmd.add_option("files", flags->inputs,
                    "dump.json | stack.json | legacy .pkl (with --api), one or two .pt/.npy files, or two directories "
                    "of .npy files");
    auto* api = cmd.add_option("--api", flags->api,
                    "entry to show: exact name, else the name without .forward/.backward, else every name "
                    "starting with it (.pkl: plain prefix, as ptdbg)");
    auto* prefix = cmd.add_flag("--prefix", o.prefix, "select every entry whose name starts with --api");
    cmd.add_flag("--exact", o.exact, "select only the entry named exactly --api")->excludes(prefix);
    cmd.add_option("--stack", flags->stack, "stack.json to use (default: the one beside dump.json)");
    cmd.add_option("--construct", flags->construct, "construct.json to use (default: the one beside dump.json)");
    auto* stats_only = cmd.add_flag("--stats-only", o.stats_only, "entries: arguments and statistics only");
    cmd.add_flag("--stack-only", o.stack_only, "entries: module chain and call stack only")->excludes(stats_only);
    cmd.add_flag("--with-data", o.with_data,
                 "entries of a tensor dump: also the summary of every tensor file they name (dump_tensor_data/)");
    cmd.add_option("--format", flags->format, "output format (default text)")->check(CLI::IsMember({"text", "json"}));
    cmd.add_option("--head", o.head, "one tensor: how many leading values to print (default 16)");
    auto* txt =
        cmd.add_flag("--txt", o.txt, "also write <file>.txt (all values, printf %g, rows of the last dimension)");
    cmd.add_option("-o,--output,--output_path", flags->output,
                   "directory for --txt files (default: beside each tensor file); two directories: folder of the CSV "
                   "(default parse_data/batch_compare_result); -d: folder of the converted files (default ./output)")
        ->expected(0, 1);
    auto* dump_path = cmd.add_option("-d,--dump_path", flags->dump_path,
                                     "convert CANN kernel dumps: a dump file or a folder of them (not recursive)");
    dump_path->excludes(files);
    cmd.add_option("-t,--type", flags->type, "-d: file type of the converted tensors (default pt)")
        ->check(CLI::IsMember({"npy", "pt"}))
        ->needs(dump_path);
    cmd.add_option("-f,--target_format", flags->target_format,
                   "-d: write each tensor in this layout (NCHW, NHWC, HWCN, NCDHW, ND, ...), named "
                   "<file>.<input|output>.<i>.<d0>x<d1>...")
        ->needs(dump_path);
    add_jobs_option(&cmd, flags->jobs, "-d: worker threads for the files and large tensors")->needs(dump_path);
    cmd.add_option("--atol", o.diff.atol, "two tensors: absolute tolerance (default 0.001)");
    cmd.add_option("--rtol", o.diff.rtol, "two tensors: relative tolerance (default 0.001)");
    cmd.add_option("-p,--print", o.diff.print_rows, "two tensors: rows of the error and top tables (default 20)");
    auto* interactive = cmd.add_flag("--interactive", flags->interactive,
                  "read msprobe's parse-tool commands (pt, cn, pk, vc, dc, cad) from stdin even when it is not a "
                  "terminal");
    dump_path->excludes(api)->excludes(txt)->excludes(interactive);  // -d is a mode of its own
    cmd.add_flag("--no-color", flags->no_color, "accepted for compatibility (output is never coloured)");
    add_quiet_option(&cmd, flags->quiet);

    return [flags, &cmd]() {
        if (cmd.count("--dump_path")) return run_kernel_dump_convert(*flags, flags->format == "json");
        auto& options = flags->options;
        if (flags->interactive || (flags->inputs.empty() && cmd.count("--api") == 0 && isatty(STDIN_FILENO))) {
            if (!flags->inputs.empty()) throw Error("", "--interactive takes no files");
            ThreadPool pool(worker_threads(flags->jobs));  // dc and cad convert on it
            RunOutcome shell;
            shell.differs = parse::run_interactive_shell(std::cin, std::cout, pool) != kExitOk;
            return shell;
        }
        for (const auto& input : flags->inputs) options.inputs.emplace_back(input);
        if (cmd.count("--api")) options.api = flags->api;
        if (!flags->stack.empty()) options.stack_path = flags->stack;
        if (!flags->construct.empty()) options.construct_path = flags->construct;
        if (!flags->output.empty()) options.output_dir = flags->output;
        options.json = flags->format == "json";
        const parse::ParseResult result = parse::run_parse(options);
        report_warnings(result.warnings, options.json);
        RunOutcome outcome;
        outcome.screen = result.out;
        outcome.remark = result.message;
        outcome.differs = result.exit_code != kExitOk;
        return outcome;
    };
}

}  // namespace msprobe::cli
