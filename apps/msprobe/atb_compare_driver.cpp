// compare -m atb: the flags turned into the library's request.
#include "common/error.hpp"
#include "kernel_mode_compare.hpp"

namespace msprobe::cli {

RunOutcome run_atb_compare(const KernelModeFlags& flags) {
    throw Error("", "mode '" + flags.mode + "' is being built");
}

}  // namespace msprobe::cli
