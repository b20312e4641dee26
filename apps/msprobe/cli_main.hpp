#pragma once
// One entry point for the binaries: parse argv against a table of
// subcommands and run the one given.
#include <CLI/CLI.hpp>

#include <span>

#include "command_shape.hpp"
#include "commands.hpp"

namespace msprobe::cli {

struct Subcommand {
    const char* name;
    Runner (*add)(CLI::App&, const GlobalOptions&) = nullptr;
    ExitCodes exit_codes = ExitCodes::April;  // how a run that finds bad input ends
    // Set instead of `add` for a subcommand of msprobe that msprobe-cpp does not provide: what it does there.
    const char* not_provided = nullptr;
    // Runs as one of several processes an MPI launcher started (its work spread over them); a
    // subcommand that does not is refused there, as each process would do the whole run.
    bool spreads_over_processes = false;
};

// The subcommands of one shape of the command line.
struct CommandTable {
    std::span<const Subcommand> subcommands;
    const char* description;
};

// Parses argv in the shape its first token chooses (command_shape.hpp) and
// runs the subcommand given; `april` without a subcommand prints its help.
int run_cli(int argc, char** argv, const CommandTable& april, const CommandTable& august);

}  // namespace msprobe::cli
