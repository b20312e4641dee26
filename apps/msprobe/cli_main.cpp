// The command line shared by msprobe and msprobe-torch: argparse's spellings,
// the framework option, one table of subcommands; errors travel as
// msprobe::Error and are printed here only, one line each.
#include "cli_main.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "common/error.hpp"
#include "common/printable.hpp"

namespace msprobe::cli {

namespace {

// The spellings argparse would accept for one CLI11 parser: its short and long
// names and msprobe's single-dash spellings of those long names.
ParserSpelling spelling_of(const CLI::App& app) {
    ParserSpelling parser;
    for (const CLI::Option* option : app.get_options()) {
        if (option->get_lnames().empty() && option->get_snames().empty()) continue;  // positional
        OptionSpelling spelling;
        for (const auto& s : option->get_snames()) spelling.strings.push_back("-" + s);
        for (const auto& l : option->get_lnames()) {
            for (const auto& [alias, long_name] : single_dash_aliases()) {
                if (long_name == "--" + l) spelling.strings.push_back(alias);  // msprobe lists "-hl" first
            }
            spelling.strings.push_back("--" + l);
        }
        spelling.canonical = option->get_lnames().empty() ? "-" + option->get_snames().front()
                                                          : "--" + option->get_lnames().front();
        spelling.takes_value = option->get_expected_max() > 0;
        spelling.repeatable = option->get_expected_max() > 1;
        parser.push_back(std::move(spelling));
    }
    return parser;
}

CommandSpelling spelling_of_commands(const CLI::App& app) {
    CommandSpelling spelling{spelling_of(app), {}};
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
        spelling.subcommands.emplace(sub->get_name(), spelling_of(*sub));
    }
    return spelling;
}

// `extras` joined by spaces in the order they appear in `typed`.
std::string in_typed_order(std::vector<std::string> extras, const std::vector<std::string>& typed) {
    std::vector<std::pair<std::size_t, std::string>> placed;
    std::vector<bool> used(typed.size(), false);
    for (auto& extra : extras) {
        std::size_t at = typed.size();
        for (std::size_t i = 0; i < typed.size(); ++i) {
            if (!used[i] && typed[i] == extra) {
                at = i;
                used[i] = true;
                break;
            }
        }
        placed.emplace_back(at, std::move(extra));
    }
    std::stable_sort(placed.begin(), placed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::string out;
    for (const auto& [at, extra] : placed) out += (out.empty() ? "" : " ") + extra;
    return out;
}

// "msprobe compare: <what>: <message>" on one line, whatever bytes the message holds.
void print_line(const std::string& command, const char* what, const std::string& message) {
    const std::string who = command.empty() ? "msprobe" : "msprobe " + command;
    std::fprintf(stderr, "%s: %s: %s\n", who.c_str(), what, printable(message).c_str());
}

void print_error(const std::string& command, const std::string& message) { print_line(command, "error", message); }

}  // namespace

int run_cli(int argc, char** argv, std::span<const Subcommand> subcommands, const char* description) {
    // Past a file-size limit (ulimit -f) write() must fail with EFBIG, which is
    // reported and cleaned up, instead of the signal killing the process silently.
    std::signal(SIGXFSZ, SIG_IGN);

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

    std::vector<std::string> args;
    try {
        args = normalize_arguments({argv + 1, argv + argc}, spelling_of_commands(app));
        std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes the arguments last first
        app.parse(reversed);
    } catch (const UsageError& e) {
        print_error(e.command(), e.what());
        return msprobe::kExitBadInput;
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::string command;
        for (const auto& [cmd, run] : runners) {
            if (cmd->parsed()) command = cmd->get_name();
        }
        // CLI11 collects extras last first; argparse names them as typed.
        const bool extras = dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr;
        print_error(command, extras ? "unrecognized arguments: " + in_typed_order(app.remaining(true), args) : e.what());
        return msprobe::kExitBadInput;
    }

    for (auto& [cmd, run] : runners) {
        if (!cmd->parsed()) continue;
        const std::string& name = cmd->get_name();
        try {
            return run();
        } catch (const msprobe::Error& e) {
            print_error(name, e.what());
            return e.exit_code();
        } catch (const std::exception& e) {
            // Bad input always arrives as msprobe::Error; anything else is a defect of ours.
            print_line(name, "internal error, please report", e.what());
            return msprobe::kExitInternal;
        } catch (...) {
            print_line(name, "internal error, please report", "an exception of unknown type");
            return msprobe::kExitInternal;
        }
    }
    std::fputs(app.help().c_str(), stdout);
    return 0;
}

}  // namespace msprobe::cli
