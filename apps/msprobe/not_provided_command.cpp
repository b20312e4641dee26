// August msprobe's subcommands that msprobe-cpp does not provide: they parse
// anything and stop with one line saying so.
#include <fmt/format.h>

#include "commands.hpp"

namespace msprobe::cli {

Runner add_not_provided_command(CLI::App& app, const char* name, const char* what) {
    CLI::App* cmd = app.add_subcommand(name, fmt::format("{} (not provided by msprobe-cpp)", what));
    cmd->allow_extras();
    return [name]() -> int {
        throw UsageError(name, fmt::format("msprobe-cpp does not provide {} (yet)", name));
    };
}

}  // namespace msprobe::cli
