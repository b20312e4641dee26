// msprobe: one binary, one table of subcommands. Each entry maps flags onto a
// library call; errors travel as msprobe::Error and are printed here only.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "commands.hpp"
#include "common/error.hpp"

namespace {

struct Subcommand {
    const char* name;
    msprobe::cli::Runner (*add)(CLI::App&, const msprobe::cli::GlobalOptions&);
};

constexpr Subcommand kSubcommands[] = {
    {"compare", &msprobe::cli::add_compare_command},
    {"overflow_check", &msprobe::cli::add_overflow_check_command},
    {"nan_analyze", &msprobe::cli::add_nan_analyze_command},
    {"merge_result", &msprobe::cli::add_merge_result_command},
    {"parse", &msprobe::cli::add_parse_command},
    {"api_precision_compare", &msprobe::cli::add_api_precision_compare_command},
    {"run_ut", &msprobe::cli::add_run_ut_command},
    {"multi_run_ut", &msprobe::cli::add_multi_run_ut_command},
    {"run_overflow_check", &msprobe::cli::add_run_overflow_check_command},
};

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    args = msprobe::cli::expand_single_dash_flags(args, msprobe::cli::single_dash_aliases());

    CLI::App app("msprobe: offline precision comparison of NPU and bench dumps (native, no Python needed)",
                 "msprobe");
    app.set_version_flag("-v,--version", std::string("msprobe-cpp ") + MSPROBE_VERSION);
    app.require_subcommand(0, 1);
    msprobe::cli::GlobalOptions global;
    app.add_option("-f,--framework", global.framework, "framework of the dumps")
        ->check(CLI::IsMember({"pytorch", "mindspore"}));

    std::vector<std::pair<CLI::App*, msprobe::cli::Runner>> runners;
    for (const auto& sub : kSubcommands) {
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
