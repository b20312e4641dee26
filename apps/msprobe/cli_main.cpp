// The command line shared by msprobe and msprobe-torch: argparse's spellings,
// two shapes (April's framework option, August's subcommands), one table of
// subcommands; a run's outcome is reported here, and errors travel as
// msprobe::Error and are printed here only, one line each.
#include "cli_main.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "build_info.hpp"
#include "command_line.hpp"
#include "command_reference.hpp"
#include "commands.hpp"
#include "common/error.hpp"
#include "common/interrupt_cleanup.hpp"
#include "common/launcher_environment.hpp"
#include "common/log.hpp"
#include "common/printable.hpp"
#include "common/process_group.hpp"
#include "fail_on.hpp"
#include "run_outcome.hpp"

namespace msprobe::cli {

namespace {

// Every spelling of one option, as argparse lists them: "-tp", "--target_path".
std::vector<std::string> spellings_of(const CLI::Option& option, const AliasMap& aliases) {
    std::vector<std::string> strings;
    for (const auto& s : option.get_snames()) strings.push_back("-" + s);
    for (const auto& l : option.get_lnames()) {
        for (const auto& [alias, long_name] : aliases) {
            if (long_name == "--" + l) strings.push_back(alias);  // msprobe lists "-hl" first
        }
        strings.push_back("--" + l);
    }
    return strings;
}

// The spellings argparse would accept for one CLI11 parser: its short and long
// names and msprobe's single-dash spellings of those long names.
ParserSpelling spelling_of(const CLI::App& app, const AliasMap& aliases) {
    ParserSpelling parser;
    for (const CLI::Option* option : app.get_options()) {
        if (option->get_lnames().empty() && option->get_snames().empty()) continue;  // positional
        OptionSpelling spelling;
        spelling.strings = spellings_of(*option, aliases);
        spelling.canonical = option->get_lnames().empty() ? "-" + option->get_snames().front()
                                                          : "--" + option->get_lnames().front();
        spelling.takes_value = option->get_expected_max() > 0;
        spelling.repeatable = option->get_expected_max() > 1;
        spelling.abbreviable = !exact_spelling_only(spelling.canonical);
        parser.push_back(std::move(spelling));
    }
    return parser;
}

CommandSpelling spelling_of_commands(const CLI::App& app, const AliasMap& aliases) {
    CommandSpelling spelling{spelling_of(app, aliases), {}};
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
        spelling.subcommands.emplace(sub->get_name(), spelling_of(*sub, aliases));
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

// Under an MPI launcher every process reads the same command line and finds
// the same fault in it (or the same refusal): process 0 alone prints it, and
// every process ends with the same exit code.
void print_usage_error(const std::string& command, const std::string& message) {
    if (prints_failure_found_by_every_process()) print_error(command, message);
}

// CLI11's help, version or error screen, shown once for the run.
int exit_with_screen(const CLI::App& app, const CLI::Error& e) {
    if (is_first_launched_process()) return app.exit(e);
    std::ostream discarded(nullptr);
    return app.exit(e, discarded, discarded);
}


// argparse names every missing required option at once, shortest spelling first.
std::string missing_required(const CLI::App& cmd, const AliasMap& aliases) {
    std::string names;
    for (const CLI::Option* option : cmd.get_options()) {
        if (!option->get_required() || option->count() > 0) continue;
        std::vector<std::string> strings = spellings_of(*option, aliases);
        std::stable_sort(strings.begin(), strings.end(),
                         [](const auto& a, const auto& b) { return a.size() < b.size(); });
        std::string joined;
        for (const auto& s : strings) joined += (joined.empty() ? "" : "/") + s;
        names += (names.empty() ? "" : ", ") + joined;
    }
    return "the following arguments are required: " + names;
}

// August's words for missing options; when the subcommand is April's too, the
// likely cause is an April line without its -f: say how April's is spelt.
std::string missing_in_august(const CLI::App& cmd, const AliasMap& aliases, std::span<const Subcommand> table) {
    std::string message = missing_required(cmd, aliases);
    const bool in_april = std::any_of(table.begin(), table.end(), [&](const Subcommand& sub) {
        return sub.shape == Shape::April && cmd.get_name() == sub.name;
    });
    if (in_april) {
        message += fmt::format(" (April's spelling starts with -f pytorch: msprobe -f pytorch {} ...)", cmd.get_name());
    }
    return message;
}

// The names of `shape`'s provided rows, in table order, with their notes when `noted`.
std::vector<std::string> names_in(std::span<const Subcommand> table, Shape shape, bool noted) {
    std::vector<std::string> names;
    for (const auto& sub : table) {
        if (sub.shape != shape || sub.add == &add_not_provided_command) continue;
        names.emplace_back(sub.name);
        if (noted && sub.august_note != nullptr) names.back() += fmt::format(" {}", sub.august_note);
    }
    return names;
}

// "a, b and c".
std::string listed(const std::vector<std::string>& names) {
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i) {
        text += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    }
    return text;
}

// April's help ends with how the two shapes are told apart, naming August's subcommands and the ones
// only April's shape has (they may be typed without -f).
std::string shapes_help(std::span<const Subcommand> table) {
    const std::vector<std::string> august = names_in(table, Shape::August, false);
    std::vector<std::string> april_only;
    for (const auto& name : names_in(table, Shape::April, false)) {
        if (std::find(august.begin(), august.end(), name) == august.end()) april_only.push_back(name);
    }
    return fmt::format(
        "Two shapes of command line are read, and the first word after msprobe decides. August 2026 msprobe's: "
        "msprobe <subcommand> without -f, for {} (msprobe compare --help lists August's compare flags). April 2026 "
        "msprobe's: msprobe -f pytorch|mindspore <subcommand>, the subcommands above; -f may be left out before the "
        "ones August does not name ({}).",
        listed(names_in(table, Shape::August, true)), fmt::join(april_only, ", "));
}

struct Registered {
    CLI::App* app;
    Runner run;
    const Subcommand* row;
};

// Started by mpirun/srun as several processes, a subcommand that does not
// spread its work over them would run N times over the same files.
void refuse_unspread_launch(const Registered& cmd) {
    if (cmd.row->stage == Stage::SpreadOverProcesses) return;
    const auto launched = launcher_environment();
    if (!launched || launched->count == 1) return;
    const std::string how_many = launched->count ? fmt::format("{} processes", *launched->count) : "several processes";
    throw Error("", fmt::format("started by an MPI launcher as {}, but {} does not spread over processes; run it "
                                "as one process",
                                how_many, cmd.app->get_name()));
}

// "msprobe compare: <message>" on stderr: a remark or --fail-on's verdict.
void say(const std::string& command, const std::string& message) {
    std::fprintf(stderr, "msprobe %s: %s\n", command.c_str(), printable(message).c_str());
}

// The run's tail, said once (by process 0 of a run spread over processes), and its exit code.
int report(const Registered& cmd, const RunOutcome& outcome) {
    if (cmd.row->stage == Stage::SpreadOverProcesses && !run_processes().is_first()) return kExitOk;
    const std::string& name = cmd.app->get_name();
    for (const auto& warning : outcome.warnings) print_line(name, "warning", warning);
    if (outcome.ends_successfully) log::info(fmt::format("msprobe {} ends successfully.", name));
    for (const auto& line : outcome.info_lines) log::info(line);
    std::fwrite(outcome.screen.data(), 1, outcome.screen.size(), stdout);
    std::fflush(stdout);
    if (!outcome.remark.empty()) say(name, outcome.remark);
    if (outcome.failure) {
        print_error(name, outcome.failure->what());
        return run_error_exit_code(cmd.row->exit_codes, outcome.failure->exit_code());
    }
    if (const auto line = fail_on_line(outcome.fail_on)) say(name, *line);
    return reached(outcome.fail_on) || outcome.differs ? kExitComparisonFailed : kExitOk;
}

// The parsed subcommand's runner, its outcome reported, with one line on stderr for what it throws.
int run_parsed(const Registered& cmd) {
    const std::string& name = cmd.app->get_name();
    const ExitCodes exit_codes = cmd.row->exit_codes;
    const bool spreads = cmd.row->stage == Stage::SpreadOverProcesses;
    try {
        // Every process decides these alike, from the command line and the launcher's environment.
        refuse_unspread_launch(cmd);
        if (spreads) check_run_processes();
    } catch (const msprobe::Error& e) {
        print_usage_error(name, e.what());
        return run_error_exit_code(exit_codes, e.exit_code());
    }
    try {
        return report(cmd, cmd.run());
    } catch (const ReportedByFirstProcess& e) {
        return run_error_exit_code(exit_codes, e.exit_code());  // process 0 prints the line
    } catch (const UsageError& e) {
        print_error(name, e.what());
        return msprobe::kExitBadInput;
    } catch (const msprobe::Error& e) {
        print_error(name, e.what());
        return run_error_exit_code(exit_codes, e.exit_code());
    } catch (const std::filesystem::filesystem_error& e) {
        // A path the system refused (a loop of links, a name over 255 bytes, no permission): the user's
        // path, never a defect of ours, so the input-error code and the path with the system's reason.
        const msprobe::Error as_input(e.path1().string(), e.code().message());
        print_error(name, as_input.what());
        return run_error_exit_code(exit_codes, as_input.exit_code());
    } catch (const std::exception& e) {
        // Bad input always arrives as msprobe::Error; anything else is a defect of ours.
        print_line(name, "internal error, please report", e.what());
        return msprobe::kExitInternal;
    } catch (...) {
        print_line(name, "internal error, please report", "an exception of unknown type");
        return msprobe::kExitInternal;
    }
}

}  // namespace

int run_cli(int argc, char** argv, std::span<const Subcommand> table, const ThisBinary& binary) {
    // Past a file-size limit (ulimit -f) write() must fail with EFBIG, which is
    // reported and cleaned up, instead of the signal killing the process silently.
    std::signal(SIGXFSZ, SIG_IGN);
    // An interrupted run removes its staged files before it exits (130, 143, 129).
    install_interrupt_cleanup();

    const std::vector<std::string> typed(argv + 1, argv + argc);
    const Shape shape = shape_of(typed, table);
    const AliasMap& aliases = shape == Shape::August ? august_single_dash_aliases() : single_dash_aliases();

    CLI::App app(shape == Shape::August ? binary.august_description : binary.april_description, "msprobe");
    app.set_version_flag("-v,--version", [&binary] { return version_text(binary.binary); },
                         "the version, commit, msprobe releases reproduced, kernel and build features");
    app.require_subcommand(0, 1);
    GlobalOptions global;
    global.raw_args.assign(argv, argv + argc);
    if (shape == Shape::April) {
        app.add_option("-f,--framework", global.framework, "framework of the dumps")
            ->check(CLI::IsMember({"pytorch", "mindspore"}));
        app.footer(shapes_help(table));
    }

    // The completion scripts and the man page, made from the table (hidden: packaging runs them).
    std::string completion_shell;
    bool man = false;
    app.add_option("--print-completion", completion_shell, "print the bash or zsh completion script")
        ->check(CLI::IsMember({"bash", "zsh"}))
        ->group("");
    app.add_flag("--print-man-page", man, "print msprobe(1) in troff")->group("");

    std::vector<Registered> registered;
    for (const auto& sub : table) {
        // msprobe hands the rows of msprobe-torch over to it once their flags are read; msprobe-torch runs only those.
        if (sub.shape != shape || (binary.binary == Binary::Torch && sub.binary != Binary::Torch)) continue;
        CLI::App* cmd = app.add_subcommand(sub.name, sub.help);
        registered.push_back({cmd, sub.add(*cmd, global), &sub});
    }
    const auto parsed_name = [&]() -> std::string {
        for (const auto& cmd : registered) {
            if (cmd.app->parsed()) return cmd.app->get_name();
        }
        return "";
    };

    std::vector<std::string> args;
    try {
        args = normalize_arguments(typed, spelling_of_commands(app, aliases), &global.typed_options);
        std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes the arguments last first
        app.parse(reversed);
    } catch (const UsageError& e) {
        print_usage_error(e.command(), e.what());
        return msprobe::kExitBadInput;
    } catch (const CLI::CallForHelp& e) {
        return exit_with_screen(app, e);
    } catch (const CLI::CallForAllHelp& e) {
        return exit_with_screen(app, e);
    } catch (const CLI::CallForVersion& e) {
        return exit_with_screen(app, e);
    } catch (const CLI::RequiredError& e) {
        const std::string command = parsed_name();
        const bool in_argparse_words = shape == Shape::August && !command.empty();
        print_usage_error(command, in_argparse_words ? missing_in_august(*app.get_subcommand(command), aliases, table)
                                               : std::string(e.what()));
        return msprobe::kExitBadInput;
    } catch (const CLI::ParseError& e) {
        // CLI11 collects extras last first; argparse names them as typed.
        const bool extras = dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr;
        print_usage_error(parsed_name(),
                          extras ? "unrecognized arguments: " + in_typed_order(app.remaining(true), args) : e.what());
        return msprobe::kExitBadInput;
    }

    for (const auto& cmd : registered) {
        if (cmd.app->parsed()) return run_parsed(cmd);
    }
    if (!completion_shell.empty() || man) {
        const auto reference = command_reference(table);
        const std::string text = man                         ? man_page(reference, MSPROBE_VERSION)
                                 : completion_shell == "zsh" ? zsh_completion(reference)
                                                             : bash_completion(reference);
        std::fputs(text.c_str(), stdout);
        return 0;
    }
    if (is_first_launched_process()) std::fputs(app.help().c_str(), stdout);
    return 0;
}

}  // namespace msprobe::cli
