// August msprobe's subcommands that need an NPU, which msprobe-cpp does not
// provide: they parse anything and stop with one line saying why.
#include <fmt/format.h>

#include <stdexcept>
#include <string>

#include "commands.hpp"

namespace msprobe::cli {

namespace {

// Why each cannot run here (the table lists no other subcommand with this driver).
std::string reason(const std::string& name) {
    if (name == "offline_dump") {
        return "it runs the model on an NPU through the CANN runtime; compare the kernel dumps it writes with "
               "`msprobe compare -m offline_data`";
    }
    if (name == "install_deps") {
        return "it installs the Python packages of offline_dump and `compare -m offline_model`, which run the model "
               "on an NPU through the CANN runtime; msprobe-cpp's own subcommands need no packages";
    }
    throw std::logic_error("no reason is given for not providing " + name);
}

}  // namespace

Runner add_not_provided_command(CLI::App& cmd, const GlobalOptions& /*global*/) {
    cmd.allow_extras();
    return [name = cmd.get_name()]() -> RunOutcome {
        throw UsageError(name, fmt::format("msprobe-cpp does not provide {}: {}", name, reason(name)));
    };
}

}  // namespace msprobe::cli
