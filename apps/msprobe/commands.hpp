#pragma once
// Each subcommand registers its flags on its CLI11 app and returns the function
// that runs it once parsing succeeded; cli_main owns everything else.
#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "command_line.hpp"
#include "run_outcome.hpp"

namespace msprobe::cli {

struct GlobalOptions {
    std::string framework = "pytorch";  // -f / --framework before the subcommand
    std::vector<std::string> raw_args;  // argv as given, for handing a run to another binary
    std::vector<TypedOption> typed_options;  // each option token as typed, and how it was read
};

// Runs the parsed subcommand; cli_main reports what it returns.
using Runner = std::function<RunOutcome()>;

// Each function below registers one subcommand's flags on `cmd` (created, named
// and described from its row of subcommand_table.cpp) and returns its runner.

// compare: msprobe -f pytorch compare -i compare.json -o out [-s] [-c] [-f] [-hl] ...
Runner add_compare_command(CLI::App& cmd, const GlobalOptions& global);

// diff_analyze: msprobe [-f pytorch] diff_analyze -tp NPU -gp BENCH | -i compare.json [-o DIR] [--fail-on diff]
Runner add_diff_analyze_command(CLI::App& cmd, const GlobalOptions& global);
// overflow_check: msprobe overflow_check -i DUMP [-o DIR] [--format text|json|csv] [--fail-on overflow] ...
Runner add_overflow_check_command(CLI::App& cmd, const GlobalOptions& global);
Runner add_august_overflow_check_command(CLI::App& cmd, const GlobalOptions& global);
// nan_analyze: msprobe -f pytorch nan_analyze -i <step dir> [-o <out dir>]
Runner add_nan_analyze_command(CLI::App& cmd, const GlobalOptions& global);
// merge_result: msprobe -f pytorch merge_result -i DIR -o DIR -config config.yaml
Runner add_merge_result_command(CLI::App& cmd, const GlobalOptions& global);
// parse: msprobe parse FILE --api NAME | TENSOR | TENSOR_A TENSOR_B | (interactive)
Runner add_parse_command(CLI::App& cmd, const GlobalOptions& global);
// graph: msprobe -f pytorch graph -i input.json -o DIR [-lm [yaml]] [-oc] [-f]
Runner add_graph_command(CLI::App& cmd, const GlobalOptions& global);
// graph, August's shape: msprobe graph_visualize -tp DIR [-gp DIR] -o DIR [-lm] [-oc] [-fm] [--rank_size ...]
Runner add_graph_visualize_command(CLI::App& cmd, const GlobalOptions& global);
// api_precision_compare: msprobe -f pytorch api_precision_compare -npu A.csv -gpu B.csv [-o DIR]
Runner add_api_precision_compare_command(CLI::App& cmd, const GlobalOptions& global);

// compare, August's shape: msprobe compare -tp TARGET -gp GOLDEN [-o DIR] [--xlsx] [-fm] [-da] ...
Runner add_august_compare_command(CLI::App& cmd, const GlobalOptions& global);
// August's acc_check / multi_acc_check: run_ut / multi_run_ut under their August names, -f read from the dump.
Runner add_acc_check_command(CLI::App& cmd, const GlobalOptions& global);
Runner add_multi_acc_check_command(CLI::App& cmd, const GlobalOptions& global);
// config_check: msprobe config_check -d [SCRIPT ...] | -c A B | -vc NPU_LOG BENCH_LOG | -vv [YAML] LOG [-o OUT]
Runner add_config_check_command(CLI::App& cmd, const GlobalOptions& global);
// config_check, April's shape: msprobe -f pytorch config_check -d [SCRIPT ...] | -c A B [-o OUT] (no verl operations)
Runner add_pack_config_check_command(CLI::App& cmd, const GlobalOptions& global);
// data2db: msprobe data2db --db DIR --data DIR [--format auto|dump|monitor] [--mapping MAP.json] [--micro_step ...]
Runner add_data2db_command(CLI::App& cmd, const GlobalOptions& global);
// A subcommand of August msprobe that msprobe-cpp does not provide: it takes any flag and says so, exit 2.
Runner add_not_provided_command(CLI::App& cmd, const GlobalOptions& global);

// run_ut / multi_run_ut / run_overflow_check (libtorch builds only; otherwise they refuse with exit 2).
Runner add_run_ut_command(CLI::App& cmd, const GlobalOptions& global);
Runner add_multi_run_ut_command(CLI::App& cmd, const GlobalOptions& global);
Runner add_run_overflow_check_command(CLI::App& cmd, const GlobalOptions& global);

}  // namespace msprobe::cli
