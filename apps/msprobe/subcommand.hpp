#pragma once
// One row of the table of subcommands (subcommand_table.hpp): everything the
// command line needs to know of a subcommand before its own flags.
#include <cstdint>

#include "command_shape.hpp"
#include "commands.hpp"

namespace msprobe::cli {

// Whether a run shares its work out among the processes an MPI launcher
// started; one that does not is refused there, as each process would do the whole run.
enum class Stage : std::uint8_t { OneProcess, SpreadOverProcesses };

// The binary that runs a subcommand: msprobe, or msprobe-torch (libtorch),
// to which msprobe hands the command line once its flags are read.
enum class Binary : std::uint8_t { Msprobe, Torch };

// Registers the subcommand's flags on `cmd` (named and described from the
// row) and returns the function that runs it once parsing succeeded.
using AddSubcommand = Runner (*)(CLI::App& cmd, const GlobalOptions& global);

struct Subcommand {
    const char* name;
    Shape shape;  // the command line it belongs to: April's (-f …) or August's
    AddSubcommand add;
    const char* help;  // the line --help shows for it
    ExitCodes exit_codes = ExitCodes::April;  // how a run that finds bad input ends
    Stage stage = Stage::OneProcess;
    Binary binary = Binary::Msprobe;
    // Said after the name where --help lists August's subcommands ("(-tp/-gp)"), or nothing.
    const char* august_note = nullptr;
};

}  // namespace msprobe::cli
