// msprobe: one binary, two tables of subcommands (April's and August's shape
// of the command line, command_shape.hpp). Each entry maps flags onto a
// library call. run_ut and its siblings need libtorch; they run in
// msprobe-torch (installed beside this binary), so nothing else pays for
// loading libtorch.
#include "cli_main.hpp"
#include "common/process_group.hpp"

namespace {

using msprobe::cli::ExitCodes;
using msprobe::cli::Subcommand;
namespace cli = msprobe::cli;

constexpr Subcommand kAprilSubcommands[] = {
    {.name = "compare", .add = &cli::add_compare_command, .spreads_over_processes = true},
    {.name = "diff_analyze", .add = &cli::add_diff_analyze_command, .spreads_over_processes = true},
    {"overflow_check", &cli::add_overflow_check_command},
    {.name = "nan_analyze", .add = &cli::add_nan_analyze_command, .spreads_over_processes = true},
    {.name = "merge_result", .add = &cli::add_merge_result_command, .spreads_over_processes = true},
    {"parse", &cli::add_parse_command},
    {"api_precision_compare", &cli::add_api_precision_compare_command},
    {"graph", &cli::add_graph_command},
    {"run_ut", &cli::add_run_ut_command},
    // Handed to msprobe-torch, which spreads the splits over the processes.
    {.name = "multi_run_ut", .add = &cli::add_multi_run_ut_command, .spreads_over_processes = true},
    {"run_overflow_check", &cli::add_run_overflow_check_command},
};

// August's own subcommands end a run that finds bad input with exit 1, as msprobe does;
// the ones that are still April's implementations keep April's codes.
constexpr Subcommand kAugustSubcommands[] = {
    {.name = "compare", .add = &cli::add_august_compare_command, .exit_codes = ExitCodes::August,
     .spreads_over_processes = true},
    {"acc_check", &cli::add_acc_check_command, ExitCodes::August},
    {.name = "multi_acc_check", .add = &cli::add_multi_acc_check_command, .exit_codes = ExitCodes::August,
     .spreads_over_processes = true},
    {"api_precision_compare", &cli::add_api_precision_compare_command},
    {.name = "merge_result", .add = &cli::add_merge_result_command, .spreads_over_processes = true},
    {.name = "overflow_check", .add = &cli::add_august_overflow_check_command, .spreads_over_processes = true},
    {"parse", &cli::add_parse_command},
    {.name = "diff_analyze", .add = &cli::add_diff_analyze_command, .spreads_over_processes = true},
    {.name = "config_check", .not_provided = "compare two training environments' packs"},
    {"graph_visualize", &cli::add_graph_visualize_command},
    {.name = "data2db", .not_provided = "dump or monitor data into SQLite"},
    {.name = "offline_dump", .not_provided = "inference model dump"},
    {.name = "install_deps", .not_provided = "dependency installer"},
};

}  // namespace

int main(int argc, char** argv) {
    const int exit_code = cli::run_cli(
        argc, argv,
        {kAprilSubcommands, "msprobe: offline precision comparison of NPU and bench dumps (native, no Python needed)"},
        {kAugustSubcommands, "msprobe: offline precision comparison of NPU and bench dumps (August 2026 command line)"});
    msprobe::leave_run_processes(exit_code);
    return exit_code;
}
