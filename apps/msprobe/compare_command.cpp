// compare: flags → CompareOptions → msprobe::compare::run_compare.
#include <fmt/format.h>

#include <thread>

#include "commands.hpp"
#include "common/error.hpp"
#include "common/log.hpp"
#include "compare/compare_job.hpp"

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
    std::string api_mapping, cell_mapping, data_mapping, layer_mapping;
    std::string format = "xlsx";
    bool strict_compat = false;
    unsigned jobs = 0;
};

void reject_unsupported(const CLI::App& cmd, const GlobalOptions& global) {
    const bool pytorch = global.framework == "pytorch";
    if (pytorch && (cmd.count("--api_mapping") || cmd.count("--cell_mapping"))) {
        throw Error("", "Argument -cm or -am is not supported in PyTorch framework");
    }
    auto not_yet = [](const char* flag) {
        throw Error("", fmt::format("{} is not supported by this version of msprobe-cpp yet", flag));
    };
    if (cmd.count("--fuzzy_match")) not_yet("-f/--fuzzy_match");
    if (cmd.count("--diff_analyze")) not_yet("-da/--diff_analyze");
    if (cmd.count("--data_mapping")) not_yet("-dm/--data_mapping");
    if (cmd.count("--api_mapping") || cmd.count("--cell_mapping")) not_yet("-am/-cm");
    if (!pytorch && cmd.count("--layer_mapping")) not_yet("-lm/--layer_mapping");
}

}  // namespace

Runner add_compare_command(CLI::App& app, const GlobalOptions& global) {
    auto flags = std::make_shared<CompareFlags>();
    CLI::App* cmd = app.add_subcommand("compare", "Compare an NPU dump with a bench dump, API by API");
    cmd->add_option("-i,--input_path", flags->input, "compare.json naming npu_path, bench_path[, stack_path]")
        ->required();
    cmd->add_option("-o,--output_path", flags->output, "output directory (default ./output; created if missing)")
        ->expected(0, 1);
    cmd->add_flag("-s,--stack_mode", flags->stack, "add the NPU_Stack_Info column (with stack_path)");
    cmd->add_flag("-c,--compare_only", flags->compare_only, "skip the advisor analysis");
    cmd->add_flag("-f,--fuzzy_match", flags->fuzzy, "match APIs ignoring their call counters");
    cmd->add_flag("--highlight", flags->highlight, "-hl: colour suspicious rows red/yellow");
    cmd->add_flag("--diff_analyze", flags->diff_analyze, "-da: first-divergence analysis of step directories");
    cmd->add_option("--api_mapping", flags->api_mapping, "-am: API mapping (MindSpore)")->expected(0, 1);
    cmd->add_option("--cell_mapping", flags->cell_mapping, "-cm: cell mapping (MindSpore)")->expected(0, 1);
    cmd->add_option("--data_mapping", flags->data_mapping, "-dm: data mapping yaml");
    cmd->add_option("--layer_mapping", flags->layer_mapping, "-lm: layer mapping (MindSpore)")->expected(0, 1);
    cmd->add_option("--format", flags->format, "result file format")->check(CLI::IsMember({"xlsx", "csv"}));
    cmd->add_option("-j,--jobs", flags->jobs, "worker threads (default: all cores)");
    cmd->add_flag("--strict_compat", flags->strict_compat,
                  "reproduce msprobe's own defects too (see docs/compatibility.md), for byte-level diffs");

    return [flags, cmd, &global]() {
        reject_unsupported(*cmd, global);
        compare::CompareOptions options;
        options.framework = global.framework == "mindspore" ? compare::Framework::MindSpore : compare::Framework::PyTorch;
        options.input_path = flags->input;
        if (!flags->output.empty()) options.output_dir = flags->output;
        options.stack_mode = flags->stack;
        options.compare_only = flags->compare_only;
        options.fuzzy_match = flags->fuzzy;
        options.highlight = flags->highlight;
        options.strict_compat = flags->strict_compat;
        options.format = flags->format == "csv" ? compare::OutputFormat::Csv : compare::OutputFormat::Xlsx;
        options.jobs = flags->jobs ? flags->jobs : std::max(1u, std::thread::hardware_concurrency());
        const auto summary = compare::run_compare(options);
        if (summary.failed_ranks > 0) {
            throw Error(options.input_path.string(),
                        fmt::format("{} rank(s) could not be compared (see the errors above)", summary.failed_ranks));
        }
        log::info("msprobe compare ends successfully.");
        return 0;
    };
}

const std::unordered_map<std::string, std::string>& single_dash_aliases() {
    static const std::unordered_map<std::string, std::string> aliases = {
        {"-hl", "--highlight"},      {"-am", "--api_mapping"},     {"-cm", "--cell_mapping"},
        {"-dm", "--data_mapping"},   {"-lm", "--layer_mapping"},   {"-da", "--diff_analyze"},
        {"-config", "--config"},     {"-api_info", "--api_info"},  {"-save_error_data", "--save_error_data"},
        {"-csv_path", "--csv_path"},         {"-npu", "--npu_csv_path"},   {"-gpu", "--gpu_csv_path"},
    };
    return aliases;
}

}  // namespace msprobe::cli
