// The run's tail, said once by cli_main from the outcome a runner returns:
// warnings, the closing log line, the screen, a remark, a late error, and
// --fail-on's verdict with its exit code.
#include <catch2/catch.hpp>

#include <string>

#include "captured_cli_run.hpp"
#include "common/error.hpp"

namespace cli = msprobe::cli;

namespace {

cli::RunOutcome returned;

cli::Runner add_tail(CLI::App&, const cli::GlobalOptions&) {
    return [] { return returned; };
}

constexpr cli::Subcommand kTable[] = {
    {.name = "tail", .shape = cli::Shape::April, .add = &add_tail, .help = "returns an outcome",
     .stage = cli::Stage::SpreadOverProcesses},
    {.name = "august_tail", .shape = cli::Shape::August, .add = &add_tail, .help = "returns an outcome",
     .exit_codes = cli::ExitCodes::August},
};

msprobe::testing::CapturedCliRun run_tail(const cli::RunOutcome& outcome, const char* name = "tail") {
    returned = outcome;
    return msprobe::testing::run_cli_captured(kTable, {name});
}

// stdout without the log lines' time and process id: "[INFO] message" per line.
std::string without_log_prefixes(const std::string& out) {
    std::string kept;
    std::size_t at = 0;
    while (at < out.size()) {
        const std::size_t end = out.find('\n', at);
        std::string line = out.substr(at, end == std::string::npos ? std::string::npos : end - at + 1);
        if (const auto level = line.find(") ["); level != std::string::npos) line = line.substr(level + 2);
        kept += line;
        at = end == std::string::npos ? out.size() : end + 1;
    }
    return kept;
}

}  // namespace

TEST_CASE("the tail: warnings, the closing line, the screen, then --fail-on's line and exit 1", "[cli][tail]") {
    cli::RunOutcome outcome;
    outcome.warnings = {"-hl cannot colour a csv file"};
    outcome.ends_successfully = true;
    outcome.info_lines = {"result is saved in out/r.csv"};
    outcome.screen = "Compared 3 rows.\n";
    outcome.fail_on = {"error", 2, 1, "2 error and 1 warning row(s)"};
    const auto run = run_tail(outcome);
    CHECK(run.exit_code == 1);
    CHECK(run.err ==
          "msprobe tail: warning: -hl cannot colour a csv file\n"
          "msprobe tail: --fail-on error: 2 error and 1 warning row(s)\n");
    CHECK(without_log_prefixes(run.out) ==
          "[INFO] msprobe tail ends successfully.\n[INFO] result is saved in out/r.csv\nCompared 3 rows.\n");
}

TEST_CASE("the tail: --fail-on not reached ends 0, and a level the report names ends 1 silently", "[cli][tail]") {
    cli::RunOutcome outcome;
    outcome.screen = "2 warnings\n";
    outcome.fail_on = {"error", 0, 2, "0 error and 2 warning row(s)"};
    auto run = run_tail(outcome);
    CHECK(run.exit_code == 0);
    CHECK(run.err.empty());
    CHECK(run.out == "2 warnings\n");

    outcome.fail_on = {"overflow", 1, 0, ""};
    run = run_tail(outcome);
    CHECK(run.exit_code == 1);
    CHECK(run.err.empty());
}

TEST_CASE("the tail: an error met on the way is said after the screen, with the row's exit codes", "[cli][tail]") {
    cli::RunOutcome outcome;
    outcome.screen = "Compared 1 rank.\n";
    outcome.failure = msprobe::Error("compare.json", "1 rank(s) could not be compared");
    outcome.fail_on = {"error", 5, 0, "5 error and 0 warning row(s)"};  // the error decides
    auto run = run_tail(outcome);
    CHECK(run.exit_code == 2);
    CHECK(run.out == "Compared 1 rank.\n");
    CHECK(run.err == "msprobe tail: error: compare.json: 1 rank(s) could not be compared\n");

    run = run_tail(outcome, "august_tail");
    CHECK(run.exit_code == 1);
    CHECK(run.err == "msprobe august_tail: error: compare.json: 1 rank(s) could not be compared\n");
}

TEST_CASE("the tail: a remark after the screen, and the run's own answer as exit 1", "[cli][tail]") {
    cli::RunOutcome outcome;
    outcome.screen = "no such API\n";
    outcome.remark = "API x not found in\ndump.json";
    outcome.differs = true;
    const auto run = run_tail(outcome);
    CHECK(run.exit_code == 1);
    CHECK(run.err == "msprobe tail: API x not found in\\ndump.json\n");
    CHECK(run.out == "no such API\n");
}
