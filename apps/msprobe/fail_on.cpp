#include "fail_on.hpp"

#include <fmt/format.h>

namespace msprobe::cli {

bool reached(const FailOn& fail_on) {
    if (fail_on.level.empty()) return false;
    return fail_on.errors > 0 || (fail_on.level == "warning" && fail_on.warnings > 0);
}

std::optional<std::string> fail_on_line(const FailOn& fail_on) {
    if (!reached(fail_on) || fail_on.findings.empty()) return std::nullopt;
    return fmt::format("--fail-on {}: {}", fail_on.level, fail_on.findings);
}

}  // namespace msprobe::cli
