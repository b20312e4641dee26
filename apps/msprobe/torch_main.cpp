// msprobe-torch: the subcommands that re-execute APIs through libtorch. msprobe
// hands them over here (same command line, either shape), so only these runs
// load libtorch.
#include "cli_main.hpp"
#include "common/process_group.hpp"

namespace {

using msprobe::cli::ExitCodes;
using msprobe::cli::Subcommand;
namespace cli = msprobe::cli;

constexpr Subcommand kAprilSubcommands[] = {
    {"run_ut", &cli::add_run_ut_command},
    {.name = "multi_run_ut", .add = &cli::add_multi_run_ut_command, .spreads_over_processes = true},
    {"run_overflow_check", &cli::add_run_overflow_check_command},
};

constexpr Subcommand kAugustSubcommands[] = {
    {"acc_check", &cli::add_acc_check_command, ExitCodes::August},
    {.name = "multi_acc_check", .add = &cli::add_multi_acc_check_command, .exit_codes = ExitCodes::August,
     .spreads_over_processes = true},
};

}  // namespace

int main(int argc, char** argv) {
    const int exit_code = cli::run_cli(argc, argv, {kAprilSubcommands, "msprobe run_ut family through libtorch"},
                                       {kAugustSubcommands, "msprobe acc_check family through libtorch"});
    msprobe::leave_run_processes(exit_code);
    return exit_code;
}
