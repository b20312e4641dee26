#pragma once
// Every subcommand of the table with its flags as a user types them (argparse's
// single-dash spellings included), read from the rows themselves, and the shell
// completion scripts and the man page made from it: no hand-kept copy that can
// drift from the table.
#include <span>
#include <string>
#include <vector>

#include "subcommand.hpp"

namespace msprobe::cli {

struct FlagReference {
    std::vector<std::string> spellings;  // "-tp", "--target_path"; the single-dash ones first
    std::string description;
    bool takes_value = false;
};

struct SubcommandReference {
    std::string name;
    Shape shape;
    std::string help;
    std::vector<FlagReference> flags;  // in the order the row registers them; hidden ones left out
};

// The rows of `table` in order, each with the flags its `add` registers.
std::vector<SubcommandReference> command_reference(std::span<const Subcommand> table);

// A bash completion script for msprobe (and msprobe-torch): subcommand names,
// then the flags of the line typed (April's after -f, else August's for its names).
std::string bash_completion(const std::vector<SubcommandReference>& reference);

// The same for zsh (#compdef).
std::string zsh_completion(const std::vector<SubcommandReference>& reference);

// msprobe(1) in troff (man -l reads it): both lines, every subcommand and flag.
std::string man_page(const std::vector<SubcommandReference>& reference, const std::string& version);

}  // namespace msprobe::cli
