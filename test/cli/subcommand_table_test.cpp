// The one table of subcommands: August's names as August msprobe has them,
// each name once per shape, and the rows msprobe-torch runs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "subcommand_table.hpp"

namespace cli = msprobe::cli;

namespace {

std::vector<std::string> names_where(bool (*keep)(const cli::Subcommand&)) {
    std::vector<std::string> names;
    for (const auto& sub : cli::subcommand_table()) {
        if (keep(sub)) names.emplace_back(sub.name);
    }
    return names;
}

}  // namespace

TEST_CASE("subcommand table: August's rows are August msprobe's subcommands, in our help's order", "[cli][table]") {
    CHECK(names_where([](const cli::Subcommand& sub) { return sub.shape == cli::Shape::August; }) ==
          std::vector<std::string>{"compare", "acc_check", "multi_acc_check", "api_precision_compare", "merge_result",
                                   "overflow_check", "parse", "config_check", "graph_visualize", "data2db",
                                   "offline_dump", "install_deps"});
    CHECK(names_where([](const cli::Subcommand& sub) { return sub.shape == cli::Shape::April; }) ==
          std::vector<std::string>{"compare", "diff_analyze", "overflow_check", "nan_analyze", "merge_result", "parse",
                                   "api_precision_compare", "graph", "config_check", "run_ut", "multi_run_ut",
                                   "run_overflow_check"});
}

TEST_CASE("subcommand table: a name has one row per shape, each with its runner and help line", "[cli][table]") {
    std::set<std::pair<std::string, cli::Shape>> seen;
    for (const auto& sub : cli::subcommand_table()) {
        CAPTURE(sub.name);
        CHECK(seen.emplace(sub.name, sub.shape).second);
        CHECK(sub.add != nullptr);
        CHECK(std::string(sub.help).size() > 10);
    }
}

TEST_CASE("subcommand table: msprobe-torch runs the run_ut family, and what spreads over processes", "[cli][table]") {
    CHECK(names_where([](const cli::Subcommand& sub) { return sub.binary == cli::Binary::Torch; }) ==
          std::vector<std::string>{"run_ut", "multi_run_ut", "run_overflow_check", "acc_check", "multi_acc_check"});
    CHECK(names_where([](const cli::Subcommand& sub) { return sub.stage == cli::Stage::SpreadOverProcesses; }) ==
          std::vector<std::string>{"compare", "diff_analyze", "nan_analyze", "merge_result", "multi_run_ut", "compare",
                                   "multi_acc_check", "merge_result", "overflow_check"});
    CHECK(
        names_where([](const cli::Subcommand& sub) { return sub.exit_codes == cli::ExitCodes::August; }) ==
        std::vector<std::string>{"config_check", "compare", "acc_check", "multi_acc_check", "config_check", "data2db"});
}

TEST_CASE("subcommand table: a runner's name in a shape", "[cli][table]") {
    CHECK(std::string(cli::subcommand_name(&cli::add_run_ut_command, cli::Shape::April)) == "run_ut");
    CHECK(std::string(cli::subcommand_name(&cli::add_acc_check_command, cli::Shape::August)) == "acc_check");
    CHECK(std::string(cli::subcommand_name(&cli::add_parse_command, cli::Shape::August)) == "parse");
    CHECK_THROWS_AS(cli::subcommand_name(&cli::add_run_ut_command, cli::Shape::August), std::logic_error);
}
