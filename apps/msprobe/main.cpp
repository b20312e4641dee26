// msprobe: one binary, one table of subcommands. Each entry maps flags onto a
// library call. run_ut and its siblings need libtorch; they run in
// msprobe-torch (installed beside this binary), so nothing else pays for
// loading libtorch.
#include "cli_main.hpp"

namespace {

using msprobe::cli::Subcommand;

constexpr Subcommand kSubcommands[] = {
    {"compare", &msprobe::cli::add_compare_command},
    {"diff_analyze", &msprobe::cli::add_diff_analyze_command},
    {"overflow_check", &msprobe::cli::add_overflow_check_command},
    {"nan_analyze", &msprobe::cli::add_nan_analyze_command},
    {"merge_result", &msprobe::cli::add_merge_result_command},
    {"parse", &msprobe::cli::add_parse_command},
    {"api_precision_compare", &msprobe::cli::add_api_precision_compare_command},
    {"run_ut", &msprobe::cli::add_run_ut_command},
    {"multi_run_ut", &msprobe::cli::add_multi_run_ut_command},
    {"run_overflow_check", &msprobe::cli::add_run_overflow_check_command},
};

}  // namespace

int main(int argc, char** argv) {
    return msprobe::cli::run_cli(
        argc, argv, kSubcommands, "msprobe: offline precision comparison of NPU and bench dumps (native, no Python needed)");
}
