// The command line shared by msprobe and msprobe-torch: single-dash spellings,
// the framework option, one table of subcommands; errors travel as
// msprobe::Error and are printed here only.
#include "cli_main.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "common/error.hpp"

namespace msprobe::cli {

int run_cli(int argc, char** argv, std::span<const Subcommand> subcommands, const char* description) {
    std::vector<std::string> args(argv + 1, argv + argc);
    args = expand_single_dash_flags(args, single_dash_aliases());

    CLI::App app(description, "msprobe");
    app.set_version_flag("-v,--version", std::string("msprobe-cpp ") + MSPROBE_VERSION);
    app.require_subcommand(0, 1);
    GlobalOptions global;
    global.raw_args.assign(argv, argv + argc);
    app.add_option("-f,--framework", global.framework, "framework of the dumps")
        ->check(CLI::IsMember({"pytorch", "mindspore"}));

    std::vector<std::pair<CLI::App*, Runner>> runners;
    for (const auto& sub : subcommands) {
        auto runner = sub.add(app, global);
        runners.emplace_back(app.get_subcommand(sub.name), std::move(runner));
    }

    try {
        std::vector<std::string> reversed(args.rbegin(), args.rend());
        app.parse(reversed);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "msprobe: %s\n", e.what());
        return msprobe::kExitBadInput;
    }

    for (auto& [cmd, run] : runners) {
        if (!cmd->parsed()) continue;
        try {
            return run();
        } catch (const msprobe::Error& e) {
            std::fprintf(stderr, "msprobe %s: error: %s\n", cmd->get_name().c_str(), e.what());
            return e.exit_code();
        } catch (const std::exception& e) {
            std::fprintf(stderr, "msprobe %s: error: %s\n", cmd->get_name().c_str(), e.what());
            return msprobe::kExitBadInput;
        }
    }
    std::fputs(app.help().c_str(), stdout);
    return 0;
}

}  // namespace msprobe::cli
