#pragma once
// Every subcommand of msprobe and msprobe-torch, in both shapes of the command
// line, once. The choice of shape (command_shape), --help and both binaries'
// dispatch (cli_main) read this table and nothing else.
#include <span>

#include "subcommand.hpp"

namespace msprobe::cli {

// April's rows in the order April's --help lists them, then August's in theirs.
std::span<const Subcommand> subcommand_table();

// The name of the subcommand `add` registers in `shape` (msprobe-torch's
// workers are started by name); throws std::logic_error when no row has it.
const char* subcommand_name(AddSubcommand add, Shape shape);

}  // namespace msprobe::cli
