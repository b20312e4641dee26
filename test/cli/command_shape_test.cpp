// Which shape of the command line a line is read in, and the exit codes of each.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "command_shape.hpp"
#include "common/error.hpp"
#include "subcommand_table.hpp"

using msprobe::cli::ExitCodes;
using msprobe::cli::Shape;
using msprobe::cli::run_error_exit_code;

namespace {

Shape shape_of(const std::vector<std::string>& args) {
    return msprobe::cli::shape_of(args, msprobe::cli::subcommand_table());
}

}  // namespace

TEST_CASE("the first word chooses August's shape", "[cli]") {
    CHECK(shape_of({"compare", "-tp", "a", "-gp", "b"}) == Shape::August);
    CHECK(shape_of({"compare", "-i", "compare.json"}) == Shape::August);
    CHECK(shape_of({"acc_check", "-api_info", "dump.json"}) == Shape::August);
    CHECK(shape_of({"install_deps"}) == Shape::August);
    CHECK(shape_of({"graph_visualize", "-tp", "a"}) == Shape::August);
    CHECK(shape_of({"-f", "pytorch", "compare", "-i", "compare.json"}) == Shape::April);
    CHECK(shape_of({"--framework", "mindspore", "compare"}) == Shape::April);
    CHECK(shape_of({"run_ut", "-api_info", "dump.json"}) == Shape::April);
    CHECK(shape_of({"nan_analyze", "-i", "npu/step0"}) == Shape::April);
    CHECK(shape_of({"--help"}) == Shape::April);
    CHECK(shape_of({}) == Shape::April);
}

TEST_CASE("diff_analyze is ours, not an August name: its line is read in April's shape", "[cli]") {
    CHECK(shape_of({"diff_analyze", "-tp", "a", "-gp", "b"}) == Shape::April);
    const auto table = msprobe::cli::subcommand_table();
    const auto rows = std::count_if(table.begin(), table.end(), [](const msprobe::cli::Subcommand& sub) {
        return std::string(sub.name) == "diff_analyze";
    });
    CHECK(rows == 1);
}

TEST_CASE("August's subcommands end bad input with 1, April's with 2", "[cli]") {
    CHECK(run_error_exit_code(ExitCodes::August, msprobe::kExitBadInput) == 1);
    CHECK(run_error_exit_code(ExitCodes::April, msprobe::kExitBadInput) == 2);
    CHECK(run_error_exit_code(ExitCodes::August, msprobe::kExitComparisonFailed) == 1);
    CHECK(run_error_exit_code(ExitCodes::August, msprobe::kExitInternal) == 3);
}
