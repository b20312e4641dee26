// msprobe-torch: the subcommands that re-execute APIs through libtorch (the
// rows of msprobe-torch in subcommand_table.cpp). msprobe hands them over here
// (same command line, either shape), so only these runs load libtorch.
#include "cli_main.hpp"
#include "common/process_group.hpp"
#include "subcommand_table.hpp"

int main(int argc, char** argv) {
    namespace cli = msprobe::cli;
    const int exit_code = cli::run_cli(argc, argv, cli::subcommand_table(),
                                       {cli::Binary::Torch, "msprobe run_ut family through libtorch",
                                        "msprobe acc_check family through libtorch"});
    msprobe::leave_run_processes(exit_code);
    return exit_code;
}
