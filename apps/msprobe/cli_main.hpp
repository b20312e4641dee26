#pragma once
// One entry point for the binaries: parse argv against a table of
// subcommands and run the one given.
#include <CLI/CLI.hpp>

#include <span>

#include "commands.hpp"

namespace msprobe::cli {

struct Subcommand {
    const char* name;
    Runner (*add)(CLI::App&, const GlobalOptions&);
};

int run_cli(int argc, char** argv, std::span<const Subcommand> subcommands, const char* description);

}  // namespace msprobe::cli
