// msprobe-torch: the subcommands that re-execute APIs through libtorch. msprobe
// hands them over here (same command line), so only these runs load libtorch.
#include "cli_main.hpp"

namespace {

using msprobe::cli::Subcommand;

constexpr Subcommand kSubcommands[] = {
    {"run_ut", &msprobe::cli::add_run_ut_command},
    {"multi_run_ut", &msprobe::cli::add_multi_run_ut_command},
    {"run_overflow_check", &msprobe::cli::add_run_overflow_check_command},
};

}  // namespace

int main(int argc, char** argv) {
    return msprobe::cli::run_cli(argc, argv, kSubcommands, "msprobe run_ut family through libtorch");
}
