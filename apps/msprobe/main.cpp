// msprobe: one binary, every subcommand of the table (subcommand_table.cpp),
// in April's and August's shape of the command line (command_shape.hpp).
// run_ut and its siblings need libtorch; msprobe reads their flags and hands
// them to msprobe-torch (installed beside this binary), so nothing else pays
// for loading libtorch.
#ifdef MSPROBE_WITH_MIMALLOC
#include <mimalloc.h>
#endif

#include "cli_main.hpp"
#include "common/process_group.hpp"
#include "heap_pages.hpp"
#include "subcommand_table.hpp"

int main(int argc, char** argv) {
#ifdef MSPROBE_WITH_MIMALLOC
    // A call into the library keeps it linked where the linker drops unused ones (--as-needed).
    (void)mi_version();
    // Set, not defaulted, when a command asks (heap_pages.hpp): the allocator has read its options before main,
    // the user's setting among them. A thread's first segment, committed late by default, gets its huge pages
    // only when committed at once.
    msprobe::cli::set_huge_pages_switch([] {
        mi_option_enable(mi_option_large_os_pages);
        mi_option_set(mi_option_eager_commit_delay, 0);
    });
#endif
    namespace cli = msprobe::cli;
    const int exit_code =
        cli::run_cli(argc, argv, cli::subcommand_table(),
                     {cli::Binary::Msprobe,
                      "msprobe: offline precision comparison of NPU and bench dumps (native, no Python needed)",
                      "msprobe: offline precision comparison of NPU and bench dumps (August 2026 command line)"});
    msprobe::leave_run_processes(exit_code);
    return exit_code;
}
