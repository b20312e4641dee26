// August msprobe's subcommands that msprobe-cpp does not provide: they parse
// anything and stop with one line saying so.
#include <fmt/format.h>

#include "commands.hpp"

namespace msprobe::cli {

Runner add_not_provided_command(CLI::App& cmd, const GlobalOptions& /*global*/) {
    cmd.allow_extras();
    return [name = cmd.get_name()]() -> RunOutcome {
        throw UsageError(name, fmt::format("msprobe-cpp does not provide {} (yet)", name));
    };
}

}  // namespace msprobe::cli
