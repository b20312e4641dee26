#pragma once
// --fail-on LEVEL as every gated subcommand reads it: the run counts what it
// found at the error and warning levels, and one test decides whether the
// level was reached.
#include <cstddef>
#include <optional>
#include <string>

namespace msprobe::cli {

struct FailOn {
    std::string level;  // as given (error, warning, diff, overflow); empty: --fail-on not given
    std::size_t errors = 0;    // findings at the error level: error rows or APIs, ranks that differ, overflows
    std::size_t warnings = 0;  // findings at the warning level, which only --fail-on warning counts
    std::string findings;      // how the stderr line names them ("2 error and 0 warning row(s)"); empty: no line
};

// Whether the run reached the level: any error, or for `warning` any warning too.
bool reached(const FailOn& fail_on);

// "--fail-on error: 2 error and 0 warning row(s)": the line said once the level was
// reached, or nothing when the run's own report said it already.
std::optional<std::string> fail_on_line(const FailOn& fail_on);

}  // namespace msprobe::cli
