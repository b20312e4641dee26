#pragma once
// compare flags that a run accepts but cannot honour with the other flags
// given: each becomes one warning of the run's outcome (a line on stderr)
// instead of being dropped silently.
#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace msprobe::cli {

// One sentence per flag of `cmd` (the parsed compare subcommand) that has no effect;
// `format` is the result format in force.
std::vector<std::string> flags_without_effect(const CLI::App& cmd, const std::string& format);

}  // namespace msprobe::cli
