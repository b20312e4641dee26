#pragma once
// One entry point for the binaries: parse argv against the table of
// subcommands, run the one given and report its outcome.
#include <CLI/CLI.hpp>

#include <span>

#include "subcommand.hpp"

namespace msprobe::cli {

// The binary run_cli serves: which rows of the table it runs, and what it says it is.
struct ThisBinary {
    Binary binary;  // msprobe registers every row (handing Torch's over), msprobe-torch only Torch's
    const char* april_description;
    const char* august_description;
};

// Parses argv in the shape its first token chooses (command_shape.hpp), runs
// the subcommand given and reports its outcome (run_outcome.hpp); without a
// subcommand, prints the help of April's shape. Returns the exit code.
int run_cli(int argc, char** argv, std::span<const Subcommand> table, const ThisBinary& binary);

}  // namespace msprobe::cli
