// msprobe-torch: the subcommands that re-execute APIs through libtorch. msprobe
// hands them over here (same command line, either shape), so only these runs
// load libtorch.
#include "cli_main.hpp"

namespace {

using msprobe::cli::ExitCodes;
using msprobe::cli::Subcommand;
namespace cli = msprobe::cli;

constexpr Subcommand kAprilSubcommands[] = {
    {"run_ut", &cli::add_run_ut_command},
    {"multi_run_ut", &cli::add_multi_run_ut_command},
    {"run_overflow_check", &cli::add_run_overflow_check_command},
};

constexpr Subcommand kAugustSubcommands[] = {
    {"acc_check", &cli::add_acc_check_command, ExitCodes::August},
    {"multi_acc_check", &cli::add_multi_acc_check_command, ExitCodes::August},
};

}  // namespace

int main(int argc, char** argv) {
    return cli::run_cli(argc, argv, {kAprilSubcommands, "msprobe run_ut family through libtorch"},
                        {kAugustSubcommands, "msprobe acc_check family through libtorch"});
}
