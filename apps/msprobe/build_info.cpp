#include "build_info.hpp"

#include <fmt/format.h>

#include <cstdlib>

#include "metrics/kernel_isa.hpp"
#include "metrics/kernel_selection.hpp"

namespace msprobe::cli {

namespace {

std::string kernel_line() {
    using namespace msprobe::metrics;
    const KernelChoice choice = choose_kernel_isa(std::getenv(kKernelIsaVariable));
    std::string available;
    for (const KernelIsa isa : available_kernel_isas()) {
        available += (available.empty() ? "" : " ") + std::string(kernel_isa_name(isa));
    }
    std::string line = fmt::format("kernel: {} ({}; this CPU offers {}; {} picks another)",
                                   kernel_isa_name(choice.isa),
                                   choice.warnings.empty() ? "self-check passed" : "wider sets failed their self-check",
                                   available, kKernelIsaVariable);
    for (const auto& warning : choice.warnings) line += "\n  " + warning;
    return line;
}

}  // namespace

std::string version_text(Binary binary) {
    const char* libtorch = binary == Binary::Torch ? "yes"
                           : MSPROBE_BUILD_TORCH   ? "in msprobe-torch (run_ut, acc_check)"
                                                   : "no (configured without it)";
    return fmt::format(
        "msprobe-cpp {} (commit {})\n"
        "reproduces: msprobe April 2026 (msprobe -f pytorch|mindspore ...) and August 2026 (msprobe compare -tp ... "
        "-gp ..., acc_check, graph_visualize ...)\n"
        "{}\n"
        "build: {} {}, static: {}, MPI: {}, libtorch: {}",
        MSPROBE_VERSION, MSPROBE_COMMIT, kernel_line(), MSPROBE_BUILD_ARCH, MSPROBE_BUILD_TYPE,
        MSPROBE_BUILD_STATIC ? "yes" : "no", MSPROBE_BUILD_MPI ? "yes" : "no (configured without Open MPI)",
        libtorch);
}

}  // namespace msprobe::cli
