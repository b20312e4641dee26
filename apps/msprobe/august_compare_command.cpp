// compare, August's shape: msprobe compare -tp TARGET -gp GOLDEN [-o OUT] [--xlsx] ...
// flags → what the two paths hold (compare/august_inputs) → one job per output folder.
#include <fmt/format.h>

#include <charconv>
#include <optional>
#include <sstream>
#include <vector>

#include "august_option_check.hpp"
#include "command_line.hpp"
#include "commands.hpp"
#include "common/error.hpp"
#include "common/log.hpp"
#include "common/process_group.hpp"
#include "common/thread_pool.hpp"
#include "compare/html_compare_report.hpp"
#include "compare_run/unit_run.hpp"
#include "first_diff/diff_analyze_job.hpp"
#include "first_diff/diff_screen.hpp"
#include "kernel_mode_compare.hpp"
#include "mapping/compare_keys.hpp"
#include "mapping_flags.hpp"
#include "tensor_postprocess_config.hpp"
#include "verdict_compare/compare_units.hpp"
#include "verdict_compare/verdict_job.hpp"

namespace msprobe::cli {

namespace {

struct AugustCompareFlags {
    std::string mode = "auto";
    std::string target, golden;
    std::string output;
    bool xlsx = false;
    bool fuzzy = false;
    MappingFlagValues mapping;
    bool diff_analyze = false;
    bool tensor_log = false;
    std::string rank, step;
    bool consistent_check = false;
    std::string backend;
    std::string fusion_rule, quant_fusion_rule, close_fusion_rule;  // offline_data's
    std::string foreign;  // the options of other modes: registered so that prefixes read as in msprobe
    std::string fail_on;
    unsigned jobs = 0;
    bool strict_compat = false;
    bool quiet = false;
    std::string html;
};

compare::VerdictJobOptions job_options(const CLI::App& cmd, const AugustCompareFlags& flags) {
    compare::VerdictJobOptions options;
    if (!flags.output.empty()) options.output_dir = flags.output;
    options.format = flags.xlsx ? compare::OutputFormat::Xlsx : compare::OutputFormat::Csv;
    options.table.strict_compat = flags.strict_compat;
    options.show_progress = !flags.quiet;
    options.table.show_progress = !flags.quiet;
    options.table.fuzzy_match = flags.fuzzy;
    options.table.print_compare_log = flags.tensor_log;
    options.table.mapping = given_mappings(cmd, flags.mapping);
    options.table.tensor_postprocess = tensor_postprocess_folder();
    options.cross_framework_needs_mapping = !flags.strict_compat;
    options.missing_tensor_files_refused = !flags.strict_compat;
    if (flags.consistent_check) {
        compare::TrainingInferenceOptions check;
        check.backend =
            flags.backend == "megatron" ? mapping::TrainingBackend::Megatron : mapping::TrainingBackend::Fsdp;
        check.names_for_workbook = flags.xlsx;
        options.table.training_inference = check;
    }
    return options;
}

// What msprobe refuses once the options are read, before any path is looked at.
void check_options(const AugustCompareFlags& flags, const GlobalOptions& global) {
    check_mode(flags.mode);
    check_whitelist(global, flags.strict_compat, flags.mode);
    if (flags.consistent_check) {
        if (flags.backend.empty()) {
            throw Error("",
                        "If the 'consistent_check' parameter is specified, the 'backend' parameter must be set to "
                        "'fsdp' or 'megatron'. Current 'backend' parameter is .");
        }
        // msprobe stops with a KeyError (-fm, -dm) or analyses the ordinary pairs (-da on folders).
        std::error_code ec;
        const bool analyses = flags.diff_analyze && std::filesystem::is_directory(flags.target, ec);
        for (const auto& [given, flag] :
             {std::pair{flags.fuzzy, "-fm"}, std::pair{!flags.mapping.data_mapping.empty(), "-dm"},
              std::pair{analyses, "-da"}}) {
            if (given) {
                throw Error("", fmt::format("--consistent_check pairs training and inference rows by its own keys; "
                                            "{} cannot be combined with it",
                                            flag));
            }
        }
    }
}

// --rank "0, 1": a comma list of integers (spaces around them allowed); blank means every one.
std::vector<std::int64_t> id_list(const char* flag, const std::string& text) {
    std::vector<std::int64_t> ids;
    if (text.find_first_not_of(' ') == std::string::npos) return ids;
    std::istringstream items(text);
    for (std::string item; std::getline(items, item, ',');) {
        const auto first = item.find_first_not_of(' ');
        const std::string digits =
            first == std::string::npos ? "" : item.substr(first, item.find_last_not_of(' ') - first + 1);
        std::int64_t id = 0;
        const auto [end, err] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
        if (digits.empty() || err != std::errc() || end != digits.data() + digits.size()) {
            throw Error("", fmt::format("{} '{}': '{}' is not an integer", flag, text, digits));
        }
        ids.push_back(id);
    }
    return ids;
}

// What -tp and -gp name, with the folder of a dump file (its stack.json, construct.json and tensors).
std::vector<std::filesystem::path> dump_paths(const std::filesystem::path& target,
                                              const std::filesystem::path& golden) {
    std::vector<std::filesystem::path> paths{target, golden};
    std::error_code ec;
    for (const auto& p : {target, golden}) {
        if (std::filesystem::is_regular_file(p, ec)) paths.push_back(p.parent_path());
    }
    return paths;
}

struct RunTotals {
    compare::CompareSummary compared;            // every pair of every unit, as April's compare counts them
    std::vector<std::filesystem::path> written;  // every file the run placed, for --html's all-or-nothing
    std::vector<first_diff::DiffAnalyzeSummary> analysed_steps;  // -da: one per step folder pair

    void add(compare::UnitResults unit) {
        compared.pairs.insert(compared.pairs.end(), unit.pairs.begin(), unit.pairs.end());
        written.insert(written.end(), unit.written.begin(), unit.written.end());
        if (unit.analysed_step) analysed_steps.push_back(std::move(*unit.analysed_step));
    }
};

// -m offline_data | atb | torchair, after msprobe's checks; offline_model is refused by check_mode.
RunOutcome run_kernel_mode(const AugustCompareFlags& flags, const GlobalOptions& global, bool rank_given) {
    check_options(flags, global);
    // offline_data's csv and atb's book hold no verdict; torchair's rows have one (a fail reason, a criterion).
    if (!flags.fail_on.empty() && flags.mode != "torchair") {
        throw Error("",
                    fmt::format("--fail-on: compare -m {} writes no Result column (pass, warning, error) to gate on",
                                flags.mode));
    }
    KernelModeFlags mode{flags.mode,
                         flags.target,
                         flags.golden,
                         flags.output.empty() ? "./output" : flags.output,
                         flags.fusion_rule,
                         flags.quant_fusion_rule,
                         flags.close_fusion_rule,
                         rank_given ? std::optional<std::string>(flags.rank) : std::nullopt,
                         flags.fail_on,
                         flags.jobs,
                         flags.strict_compat,
                         flags.quiet};
    if (!run_processes().is_first()) return {};  // these modes run on one process
    if (flags.mode == "offline_data") return run_offline_data_compare(mode);
    if (flags.mode == "atb") return run_atb_compare(mode);
    return run_torchair_compare(mode);
}

}  // namespace

Runner add_august_compare_command(CLI::App& cmd, const GlobalOptions& global) {
    auto flags = std::make_shared<AugustCompareFlags>();
    cmd.add_option("-m,--mode", flags->mode,
                   "comparison mode: auto (dump.json compare), offline_data (kernel dumps, msaccucmp's rules), atb, "
                   "torchair; offline_model is refused (it needs an NPU)");
    cmd.add_option("--target_path", flags->target,
                   "-tp: the NPU side (the MindSpore one against a PyTorch golden): a dump.json/debug.json, a step "
                   "folder (rank folders), a rank folder, a dump root (step folders) or a root of graph/ and "
                   "pynative/ halves")
        ->required();
    cmd.add_option("--golden_path", flags->golden, "-gp: the bench side, of the same kind as -tp")->required();
    cmd.add_option("-o,--output_path", flags->output, "output directory (default ./output; created with parents)")
        ->expected(0, 1);
    cmd.add_flag("--xlsx", flags->xlsx, "write .xlsx workbooks instead of .csv files");
    cmd.add_flag("--fuzzy_match", flags->fuzzy, "-fm: pair APIs ignoring their call counters");
    cmd.add_option("--cell_mapping", flags->mapping.cell_mapping, "-cm [yaml]: cell/module name mapping")
        ->expected(0, 1);
    cmd.add_option("--api_mapping", flags->mapping.api_mapping,
                   "-am [yaml]: MindSpore → PyTorch API mapping (refused for a PyTorch file pair)")
        ->expected(0, 1);
    cmd.add_option("--data_mapping", flags->mapping.data_mapping, "-dm yaml: NPU row name → bench row name");
    cmd.add_option("--layer_mapping", flags->mapping.layer_mapping,
                   "-lm [yaml]: layer mapping (MindSpore); writes data_mapping_{ts}.yaml beside the result")
        ->expected(0, 1);
    cmd.add_flag("--diff_analyze", flags->diff_analyze,
                 "-da: step folders: find the first differing API instead of comparing (ignored for two files)");
    cmd.add_flag("--is_print_compare_log", flags->tensor_log,
                 "-tensor_log: two log lines per row of a real-data compare");
    cmd.add_option("--fusion_rule_file", flags->fusion_rule,
                   "-fr: -m offline_data: ATC's fusion rule json of the NPU model (the graph dump json)");
    cmd.add_option("--quant_fusion_rule_file", flags->quant_fusion_rule,
                   "-qfr: -m offline_data: the fusion rule json of the quantized model");
    cmd.add_option("--close_fusion_rule_file", flags->close_fusion_rule,
                   "-cfr: -m offline_data: the fusion rule json of the model built with fusion off (NPU vs NPU)");
    cmd.add_option("--rank", flags->rank,
                   "\"0,1\": folders of MindSpore kernel dumps, compared per rank and step (\"\": every rank)");
    cmd.add_option("--step", flags->step, "steps of the kernel compare (ignored without --rank)");
    for (const char* foreign :
         {"--input_data", "--input_shape", "--output_size", "--dym_shape_range", "--onnx_fusion_switch"}) {
        cmd.add_option(foreign, flags->foreign, "(other modes; refused)")->group("");
    }
    cmd.add_flag("--consistent_check", flags->consistent_check,
                 "verl training-vs-inference compare: -tp the training tensor dump, -gp the inference one");
    cmd.add_option("--backend", flags->backend,
                   "the training backend of --consistent_check: fsdp or megatron (no effect without it)")
        ->check(CLI::IsMember({"fsdp", "megatron"}));
    cmd.add_option("--fail-on", flags->fail_on,
                   "exit 1 when any row's Result reaches this level (error, or warning: warning or error), after "
                   "every file is written")
        ->check(CLI::IsMember({"error", "warning"}));
    add_jobs_option(&cmd, flags->jobs,
                    "threads of the whole run: ranks, tensors, parsing and compression (1: one thread)");
    add_html_option(&cmd, flags->html);
    cmd.add_flag("--strict_compat", flags->strict_compat,
                 "reproduce msprobe's own defects too (see docs/compatibility.md), and refuse option spellings "
                 "msprobe refuses (--output_path=x, prefixes)");
    add_quiet_option(&cmd, flags->quiet);

    return [flags, &cmd, &global]() {
        if (flags->mode != "auto") return run_kernel_mode(*flags, global, cmd.count("--rank") > 0);
        ProcessGroup& processes = run_processes();
        // Checked on every process, printed once.
        std::optional<compare::HtmlCompareReport> html;
        const compare::VerdictJobOptions options = prepared_on_every_process(processes, flags->target, [&] {
            check_options(*flags, global);
            id_list("--rank", flags->rank);  // refused before anything runs
            id_list("--step", flags->step);
            auto checked = job_options(cmd, *flags);
            mapping::check_mapping_files(checked.table.mapping, true);  // every yaml named is read first
            if (!flags->html.empty()) {
                checked.html = &html.emplace(
                    flags->html, html_report::RunPaths{checked.output_dir, dump_paths(flags->target, flags->golden)});
            }
            return checked;
        });
        std::error_code ec;
        if (flags->diff_analyze && !std::filesystem::is_directory(flags->target, ec)) {
            log::warning("-da analyses step folders; two files get the normal compare.");
        }
        const auto units = prepared_on_every_process(processes, flags->target, [&] {
            compare::CompareUnitOptions inputs;
            inputs.diff_analyze = flags->diff_analyze;
            inputs.kernel_compare = cmd.count("--rank") > 0;
            inputs.mindtorch_steps = !flags->strict_compat;
            inputs.mindspore_diff_analyze_compares = flags->strict_compat;
            return compare::compare_units(flags->target, flags->golden, inputs);
        });
        ThreadPool pool(worker_threads(flags->jobs));
        RunTotals totals;
        const compare::KernelSelection kernel{id_list("--rank", flags->rank), id_list("--step", flags->step)};
        for (const auto& unit : units) totals.add(compare::run_compare_unit(unit, options, kernel, pool, processes));
        if (html && processes.is_first()) html->write(totals.written);
        RunOutcome outcome;
        outcome.ends_successfully = !totals.written.empty();
        if (totals.analysed_steps.empty()) {
            outcome.screen = summary_text(compare::run_summary(totals.compared));
        } else {
            const auto& steps = totals.analysed_steps;
            outcome.screen = summary_text(first_diff::diff_run_summary(first_diff::rank_verdicts(steps), steps));
        }
        const auto& compared = totals.compared;
        outcome.fail_on = {flags->fail_on, compared.errors(), compared.warnings(),
                           fmt::format("{} error and {} warning row(s)", compared.errors(), compared.warnings())};
        return outcome;
    };
}

}  // namespace msprobe::cli
