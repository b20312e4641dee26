// run_ut, multi_run_ut, run_overflow_check (and August's acc_check, multi_acc_check):
// flags → RunUtOptions → one msprobe::run_ut call; a MindSpore dump (April's -f mindspore, August's
// "framework" of the dump) → MsCheckOptions → msprobe::ms_api_check's checker.
// In msprobe these commands parse their flags and hand the same command line to
// msprobe-torch beside it (the only binary linking libtorch); built there, they
// run. Without msprobe-torch (-DMSPROBE_WITH_TORCH=OFF) they refuse to run.
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "acc_check_framework.hpp"
#include "commands.hpp"
#include "common/error.hpp"
#include "common/launcher_environment.hpp"
#include "common/process_group.hpp"
#include "common/printable.hpp"
#include "ms_api_check/ms_check_options.hpp"
#include "precision/input_file_checks.hpp"
#ifdef MSPROBE_WITH_TORCH
#include "ms_api_check/ms_check_job.hpp"
#endif
#include "run_ut/overflow_rerun.hpp"
#include "run_ut/run_ut_job.hpp"
#include "self_executable.hpp"
#include "subcommand_table.hpp"

namespace msprobe::cli {

namespace {

struct RunUtFlags {
    run_ut::RunUtOptions options;
    std::string out_dir;
    bool jit_compile = false;
    int processes = 8;
    std::string range;
    std::string fail_on;
};

// Ours: the bound on tensors generated from a dump's shapes, for every command that rebuilds inputs.
void add_max_tensor_elements_flag(CLI::App* cmd, run_ut::RunUtOptions& options) {
    cmd->add_option("--max_tensor_elements", options.max_tensor_elements,
                    "skip an API whose dump asks for a generated input of more elements than this (default: as many "
                    "float64 values as 1/16 of the available memory holds)")
        ->check(CLI::PositiveNumber);
}

// August's acc_check runs without -api_info too: it then says what is missing and exits 0.
void add_common_flags(CLI::App* cmd, RunUtFlags& f, bool august) {
    CLI::Option* api_info =
        cmd->add_option("--api_info,--api_info_file,--forward_input_file", f.options.api_info,
                        "-api_info: the dump.json to re-run (-forward: a legacy forward_info_<pid>.json)");
    if (!august) api_info->required();
    cmd->add_option("--backward_input_file", f.options.legacy_backward,
                    "-backward: the legacy backward_info_<pid>.json beside a -forward forward_info_<pid>.json");
    cmd->add_option("-o,--out_path", f.out_dir, "output directory (default ./; created if missing)");
    cmd->add_flag("--save_error_data", f.options.save_error_data,
                  "-save_error_data: save inputs/outputs of failing APIs as .pt files");
    cmd->add_flag("-j,--jit_compile", f.jit_compile, "NPU graph compile switch (accepted, no effect on CPU)");
    cmd->add_option("-d,--device", f.options.devices, "device ids (accepted and validated, unused on CPU)")
        ->expected(1, INT_MAX);
    cmd->add_option("--csv_path,--result_csv_path", f.options.resume_csv,
                    "-csv_path: continue an interrupted run from its accuracy_checking_result_<TS>.csv");
    cmd->add_flag("-f,--filter_api", f.options.filter_api, "skip calls whose inputs repeat an earlier call of the API");
    cmd->add_option("--config,--config_path", f.options.config, "-config: msprobe config.json (its run_ut section)");
    cmd->add_flag("--seed_per_api", f.options.seed_per_api,
                  "re-seed the generator (1234) before each API, so a statistics dump's inputs no longer depend on "
                  "which APIs ran before (-f, -csv_path, multi_run_ut splits); not msprobe's stream");
    cmd->add_flag("--strict_compat", f.options.strict_compat,
                  "reproduce msprobe's own defects too (see docs/compatibility.md), for byte-level diffs");
    add_max_tensor_elements_flag(cmd, f.options);
}

// --fail-on, for run_ut and multi_run_ut (their workers never get it: a worker's exit 1 means it failed).
void add_fail_on_flag(CLI::App* cmd, RunUtFlags& f) {
    cmd->add_option("--fail-on", f.fail_on,
                    "exit 1 when any API's result reaches this level, after every file is written: error, or "
                    "warning (Warning or error)")
        ->check(CLI::IsMember({"error", "warning"}));
}

// Set by msprobe when it hands a command line to msprobe-torch, whose own checks then need not warn again.
constexpr const char* kHandedOver = "MSPROBE_RUN_UT_HANDED_OVER";

// Checked before anything runs or is written: missing, soft-linked, misnamed or oversized inputs exit 2.
// Ownership warnings come once: not again after the hand-over, nor from multi_run_ut's workers.
void check_inputs(const run_ut::RunUtOptions& o, bool worker) {
    using precision::InputFileKind;
    const bool warn = !worker && std::getenv(kHandedOver) == nullptr;
    if (!o.api_info.empty()) precision::check_input_file(o.api_info, InputFileKind::Json, "-api_info", warn);
    if (!o.legacy_backward.empty()) {
        precision::check_input_file(o.legacy_backward, InputFileKind::Json, "-backward", warn);
    }
    if (!o.resume_csv.empty()) precision::check_input_file(o.resume_csv, InputFileKind::Csv, "-csv_path", warn);
    if (!o.config.empty()) precision::check_input_file(o.config, InputFileKind::Json, "-config", warn);
}

void finish_options(RunUtFlags& f) {
    check_inputs(f.options, !f.range.empty());
    f.options.show_progress = f.range.empty();  // multi_run_ut's workers: the parent shows the progress
    if (!f.out_dir.empty()) f.options.out_dir = f.out_dir;
    std::vector<int> sorted = f.options.devices;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) throw Error("", "device id must be unique");
}

// multi_run_ut's worker: this binary's run_ut over the worker's slice, appending to the shared result file.
[[maybe_unused]] std::vector<std::string> worker_command_line(const run_ut::RunUtOptions& worker) {
    std::vector<std::string> args = {self_executable().string(), "-f", "pytorch",
                                     subcommand_name(&add_run_ut_command, Shape::April), "--api_info",
                                     worker.api_info.string(), "--csv_path", worker.resume_csv.string(),
                                     "--api_range", fmt::format("{}:{}", worker.first_api, worker.api_count)};
    if (worker.filter_api) args.emplace_back("--filter_api");
    if (worker.seed_per_api) args.emplace_back("--seed_per_api");
    if (worker.strict_compat) args.emplace_back("--strict_compat");
    if (worker.save_error_data) args.emplace_back("--save_error_data");
    if (worker.max_tensor_elements != 0) {
        args.emplace_back("--max_tensor_elements");
        args.push_back(std::to_string(worker.max_tensor_elements));
    }
    if (!worker.config.empty()) {
        args.emplace_back("--config");
        args.push_back(worker.config.string());
    }
    if (!worker.legacy_backward.empty()) {
        args.emplace_back("--backward_input_file");
        args.push_back(worker.legacy_backward.string());
    }
    return args;
}

// Replaces this process by msprobe-torch running the same command line.
[[maybe_unused, noreturn]] void run_in_torch_binary(const std::string& command, const GlobalOptions& global) {
    const auto torch_binary = self_executable().parent_path() / "msprobe-torch";
    if (!std::filesystem::exists(torch_binary)) {
        const Error missing(torch_binary.string(), fmt::format("{} needs libtorch, and msprobe-torch is not installed "
                                                               "beside msprobe (built with -DMSPROBE_WITH_TORCH=OFF?)",
                                                               command));
        // Every process of a launch finds it missing: one of them says so.
        if (!prints_failure_found_by_every_process()) throw ReportedByFirstProcess(missing);
        throw missing;
    }
    std::vector<std::string> args = global.raw_args;
    args.at(0) = torch_binary.string();
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::fflush(nullptr);
    ::setenv(kHandedOver, "1", 1);
    ::execv(torch_binary.c_str(), argv.data());
    throw Error(torch_binary.string(), fmt::format("cannot be started: {}", std::strerror(errno)));
}

// The end-of-run screen, and what --fail-on counts.
[[maybe_unused]] RunOutcome report(const run_ut::RunUtSummary& s, const std::string& fail_on) {
    const auto& c = s.counts;
    RunOutcome outcome;
    RunSummary summary;
    summary.verb = "Checked";
    summary.total = {c.total(), "APIs"};
    summary.counts = {{c.pass, "pass"}, {c.warning, "warning"}, {c.error, "error"}, {c.skip, "skip"}};
    if (const auto& failed = c.first_problem) {
        summary.first_problem = SummaryProblem{failed->level == precision::ApiLevel::Error ? "error" : "warning",
                                               failed->name, "", failed->message, ""};
    }
    summary.written = {s.result_csv, s.details_csv};
    outcome.screen = summary_text(summary);
    outcome.fail_on = {fail_on, c.error, c.warning, fmt::format("{} error and {} warning API(s)", c.error, c.warning)};
    return outcome;
}

// August's acc_check without -api_info: msprobe's one-option usage, and what is missing; nothing runs.
RunOutcome say_api_info_missing(const std::string& command) {
    RunOutcome outcome;
    outcome.screen = fmt::format("usage: msprobe {} [-h] -api_info API_INFO\n", command);
    outcome.remark = "nothing to do: -api_info (or --api_info_file) names no dump.json";
    return outcome;
}

// msprobe's MindSpore checker parses -api_info, -o, -csv_path and -save_error_data (and -d when split); its
// parser refuses PyTorch's other flags, so they are refused here too rather than ignored.
void refuse_pytorch_only_flags(const CLI::App& cmd, bool split) {
    static const std::pair<const char*, const char*> kPyTorchOnly[] = {
        {"--filter_api", "-f"},          {"--config", "-config"},
        {"--jit_compile", "-j"},         {"--backward_input_file", "-backward"},
        {"--seed_per_api", "--seed_per_api"}, {"--max_tensor_elements", "--max_tensor_elements"},
        {"--num_splits", "-n"}};
    std::vector<std::pair<const char*, const char*>> refused(std::begin(kPyTorchOnly), std::end(kPyTorchOnly));
    if (!split) refused.emplace_back("--device", "-d");
    for (const auto& [option, spelling] : refused) {
        const CLI::Option* o = cmd.get_option_no_throw(option);
        if (o != nullptr && o->count() > 0) {
            throw Error("", fmt::format("{} is not an option of the MindSpore checker (it takes -api_info, -o, "
                                        "-csv_path, -save_error_data{})",
                                        spelling, split ? ", -d" : ""));
        }
    }
}

// -d of the split MindSpore checker: msprobe's UniqueDeviceAction range.
void check_mindspore_devices(const std::vector<int>& devices) {
    for (const int id : devices) {
        if (id < 0 || id > 4095) {
            throw Error("", fmt::format("the argument 'device_id' must be in range [0, 4095], but got {}", id));
        }
    }
}

[[maybe_unused]] ms_api_check::MsCheckOptions mindspore_options(const RunUtFlags& f, bool split) {
    ms_api_check::MsCheckOptions o;
    o.api_info = f.options.api_info;
    o.out_dir = f.options.out_dir;
    o.resume_csv = f.options.resume_csv;
    o.save_error_data = f.options.save_error_data;
    o.devices = f.options.devices;
    o.split_over_devices = split;
    o.timestamp = f.options.timestamp;
    const bool strict = f.options.strict_compat;
    o.split_records_skips = !strict;
    o.tensors_where_written = strict;
    o.bare_api_wrong_message = strict;
    o.verbatim_formulas = strict;
    return o;
}

#ifdef MSPROBE_WITH_TORCH
RunOutcome report_mindspore(const ms_api_check::MsCheckSummary& s, const std::string& fail_on) {
    RunOutcome outcome;
    const std::size_t rows = s.pass + s.error + s.skip;
    RunSummary summary;
    summary.verb = "Checked";
    summary.total = {rows, "APIs"};
    summary.counts = {{s.pass, "pass"}, {s.error, "error"}, {s.skip, "skip"}};
    if (!s.result_csv.empty()) summary.written = {s.result_csv, s.details_csv};
    outcome.screen = summary_text(summary);
    if (s.statistics_dump && s.apis > 0) {
        outcome.warnings.push_back("a statistics dump records no tensors: the tested (MindSpore) side cannot be "
                                   "re-run without MindSpore, so every API is SKIP");
    }
    if (s.already_recorded > 0) {
        outcome.info_lines.push_back(fmt::format("{} API(s) already in {} were not checked again", s.already_recorded,
                                                 printable(s.result_csv.string())));
    }
    if (s.left_out > 0) {
        outcome.remark = fmt::format("{} dump entries are outside the MindSpore checker's support list and were not "
                                     "checked (first: {})",
                                     s.left_out, printable(s.left_out_example));
    } else if (s.apis == 0) {
        outcome.remark = "the dump holds no API the MindSpore checker supports; nothing was written";
    }
    outcome.fail_on = {fail_on, s.error, 0, fmt::format("{} error API(s)", s.error)};
    return outcome;
}
#endif

// April: -f mindspore; August: the dump's "framework" (or its records, when the key is missing).
bool is_mindspore_dump(const RunUtFlags& f, const GlobalOptions& global, bool august) {
    if (!august) return global.framework == "mindspore";
    const bool announce = std::getenv(kHandedOver) == nullptr;  // said once, before the hand-over
    return api_info_framework(f.options.api_info, f.options.strict_compat, announce) == CheckerFramework::MindSpore;
}

// The MindSpore checker on this process (msprobe-torch), or the command line handed to msprobe-torch.
RunOutcome run_mindspore_checker(const CLI::App& cmd, const RunUtFlags& f, bool split, const GlobalOptions& global,
                                 const std::string& name) {
    refuse_pytorch_only_flags(cmd, split);
    if (split) check_mindspore_devices(f.options.devices);
#ifdef MSPROBE_WITH_TORCH
    (void)global;
    (void)name;
    return report_mindspore(ms_api_check::run_ms_check(mindspore_options(f, split)), f.fail_on);
#else
    run_in_torch_binary(name, global);
#endif
}

Runner add_run_ut(CLI::App& cmd, const GlobalOptions& global, bool august) {
    auto f = std::make_shared<RunUtFlags>();
    add_common_flags(&cmd, *f, august);
    cmd.add_option("--api_range", f->range, "FIRST:COUNT of the forward APIs (multi_run_ut's workers)")
        ->group("");  // internal, hidden from --help
    add_fail_on_flag(&cmd, *f);
    return [f, &global, &cmd, name = cmd.get_name(), august]() -> RunOutcome {
        if (august && f->options.api_info.empty()) return say_api_info_missing(name);
        finish_options(*f);
        if (is_mindspore_dump(*f, global, august)) return run_mindspore_checker(cmd, *f, false, global, name);
        if (!f->range.empty()) {
            const auto colon = f->range.find(':');
            if (colon == std::string::npos) throw Error("", "--api_range takes FIRST:COUNT");
            f->options.first_api = std::stoul(f->range.substr(0, colon));
            f->options.api_count = std::stoul(f->range.substr(colon + 1));
        }
#ifdef MSPROBE_WITH_TORCH
        const auto summary = run_ut::run_ut(f->options);
        if (!f->range.empty()) return RunOutcome{};  // a multi_run_ut worker: the parent reports
        return report(summary, f->fail_on);
#else
        run_in_torch_binary(name, global);
#endif
    };
}

Runner add_multi_run_ut(CLI::App& cmd, const GlobalOptions& global, bool august) {
    auto f = std::make_shared<RunUtFlags>();
    add_common_flags(&cmd, *f, august);
    cmd.add_option("-n,--num_splits", f->processes, "number of processes (1..64, default 8)")
        ->check(CLI::Range(1, 64));
    add_fail_on_flag(&cmd, *f);
    return [f, &global, &cmd, name = cmd.get_name(), august]() -> RunOutcome {
        if (august && f->options.api_info.empty()) return say_api_info_missing(name);
        const auto is_mindspore = [&] { return is_mindspore_dump(*f, global, august); };
#ifdef MSPROBE_WITH_TORCH
        ProcessGroup& processes = run_processes();
        bool mindspore = false;
        // Checked on every process, printed once.
        run_on_every_process(processes, f->options.api_info.string(), [&] {
            finish_options(*f);
            mindspore = is_mindspore();
        });
        if (mindspore) {
            // The MindSpore checker splits over threads of one process: the first process runs it.
            if (!processes.is_first()) return RunOutcome{};
            return run_mindspore_checker(cmd, *f, true, global, name);
        }
        if (processes.size() == 1) {
            return report(run_ut::multi_run_ut(f->options, f->processes, worker_command_line), f->fail_on);
        }
        const auto summary = run_ut::spread_multi_run_ut(f->options, f->processes, worker_command_line, processes);
        return report(summary, f->fail_on);
#else
        // Launched as several processes, msprobe-torch checks the inputs: every process alike, printed once.
        const auto launched = launcher_environment();
        if (!launched || launched->count == std::size_t{1}) {
            finish_options(*f);
            if (is_mindspore()) return run_mindspore_checker(cmd, *f, true, global, name);
        }
        run_in_torch_binary(name, global);
#endif
    };
}

}  // namespace

Runner add_run_ut_command(CLI::App& cmd, const GlobalOptions& global) { return add_run_ut(cmd, global, false); }

Runner add_multi_run_ut_command(CLI::App& cmd, const GlobalOptions& global) {
    return add_multi_run_ut(cmd, global, false);
}

Runner add_acc_check_command(CLI::App& cmd, const GlobalOptions& global) { return add_run_ut(cmd, global, true); }

Runner add_multi_acc_check_command(CLI::App& cmd, const GlobalOptions& global) {
    return add_multi_run_ut(cmd, global, true);
}

Runner add_run_overflow_check_command(CLI::App& cmd, const GlobalOptions& global) {
    auto f = std::make_shared<RunUtFlags>();
    cmd.add_option("--api_info,--api_info_file", f->options.api_info, "-api_info: the overflow dump.json")->required();
    cmd.add_option("-o,--out_path", f->out_dir, "where overflow_check_result_<TS>.csv goes (default ./)");
    cmd.add_option("-j,--jit_compile", f->jit_compile, "NPU compile mode (accepted, ignored)")->expected(0, 1);
    cmd.add_option("-d,--device", f->options.devices, "device id (accepted, ignored)");
    add_max_tensor_elements_flag(&cmd, f->options);
    return [f, &global, name = cmd.get_name()]() -> RunOutcome {
        precision::check_input_file(f->options.api_info, precision::InputFileKind::Json, "-api_info",
                                    std::getenv(kHandedOver) == nullptr);
#ifdef MSPROBE_WITH_TORCH
        const auto s = run_ut::rerun_overflowed_apis(f->options.api_info, f->out_dir.empty() ? "." : f->out_dir, "",
                                                    f->options.max_tensor_elements);
        RunOutcome outcome;
        outcome.info_lines = {fmt::format("{} APIs checked: {} normal, {} abnormal, {} skipped", s.checked, s.normal,
                                          s.abnormal, s.skipped)};
        RunSummary summary;
        summary.verb = "Re-ran";
        summary.total = {s.checked, "overflowed APIs"};
        summary.counts = {{s.normal, "normal"}, {s.abnormal, "abnormal"}, {s.skipped, "skipped"}};
        if (!s.result_csv.empty()) summary.written = {s.result_csv};
        outcome.screen = summary_text(summary);
        return outcome;
#else
        run_in_torch_binary(name, global);
#endif
    };
}

}  // namespace msprobe::cli
