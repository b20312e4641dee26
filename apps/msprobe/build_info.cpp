#include "build_info.hpp"

#include <fmt/format.h>

#include <cstdlib>

#include "metrics/kernel_isa.hpp"
#include "metrics/kernel_selection.hpp"

// mimalloc's version, defined when the binary links mimalloc (MSPROBE_WITH_MIMALLOC), else null.
extern "C" int mi_version() __attribute__((weak));

namespace msprobe::cli {

namespace {

std::string kernel_line() {
    using namespace msprobe::metrics;
    const KernelChoice choice = choose_kernel_isa(std::getenv(kKernelIsaVariable));
    std::string available;
    for (const KernelIsa isa : available_kernel_isas()) {
        available += (available.empty() ? "" : " ") + std::string(kernel_isa_name(isa));
    }
    std::string line = fmt::format("kernel: {} ({}; this CPU offers {}; {} picks another)", kernel_isa_name(choice.isa),
                                   choice.warnings.empty() ? "self-check passed" : "wider sets failed their self-check",
                                   available, kKernelIsaVariable);
    for (const auto& warning : choice.warnings) line += "\n  " + warning;
    return line;
}

// The allocator serving the process: mimalloc when the binary is linked with it, else the C library's.
std::string allocator_line() {
    if (mi_version != nullptr) {
        const int v = mi_version();
        return fmt::format("allocator: mimalloc {}.{}.{}", v / 100, (v / 10) % 10, v % 10);
    }
    return "allocator: the C library's malloc";
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
        "{}\n"
        "build: {} {}, static: {}, MPI: {}, libtorch: {}",
        MSPROBE_VERSION, MSPROBE_COMMIT, kernel_line(), allocator_line(), MSPROBE_BUILD_ARCH, MSPROBE_BUILD_TYPE,
        MSPROBE_BUILD_STATIC ? "yes" : "no", MSPROBE_BUILD_MPI ? "yes" : "no (configured without Open MPI)", libtorch);
}

}  // namespace msprobe::cli
