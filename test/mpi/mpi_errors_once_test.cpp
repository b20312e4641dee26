// A bad command line or bad input under mpirun: every process finds it, process
// 0 alone prints it, and every process ends with the same exit code (so mpirun's).
// Built only with MPI and when mpirun was found (test/CMakeLists.txt).
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "mpi/mpi_runs.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;

namespace {

using namespace msprobe::testing::mpi;

struct ExpectedFailure {
    std::vector<std::string> args;
    int exit_code;
    std::string line;  // the start of the one error line
};

void check_printed_once(const std::vector<ExpectedFailure>& failures, const fs::path& dir) {
    for (const auto& failure : failures) {
        std::string command;
        for (const auto& arg : failure.args) command += arg + " ";
        INFO(command);
        const auto r = run_spread(failure.args, dir);
        INFO(r.err);
        CHECK(r.exit_code == failure.exit_code);
        CHECK(count_of(r.err, failure.line) == 1);
        CHECK(count_of(r.err, ": error: ") == 1);
    }
}

}  // namespace

TEST_CASE("a bad command line is printed once for every subcommand, every process exiting alike") {
    const fs::path dir = msprobe::testing::scratch_dir("mpi_usage_errors");
    check_printed_once(
        {
            {{"-f", "pytorch", "compare", "-i", "c.json", "--no-such-flag"}, 2, "msprobe compare: error: unrecognized"},
            {{"-f", "pytorch", "merge_result", "-i", "in", "-o", "out"}, 2, "msprobe merge_result: error: --config is"},
            {{"-f", "pytorch", "nan_analyze", "-i", "a", "-i", "b"}, 2, "msprobe nan_analyze: error: argument -i"},
            {{"-f", "pytorch", "parse", "--no-such-flag"}, 2, "msprobe parse: error: unrecognized"},
            {{"-f", "pytorch", "run_ut", "-api_info", "a.json", "--no-such-flag"},
             2,
             "msprobe run_ut: error: unrecognized"},
            {{"-f", "pytorch", "multi_run_ut", "-api_info", "a.json", "--no-such-flag"},
             2,
             "msprobe multi_run_ut: error: unrecognized"},
            {{"-f", "pytorch", "api_precision_compare", "-npu", "a.csv"}, 2, "msprobe api_precision_compare: error: "},
            {{"-f", "pytorch", "overflow_check", "-i", "a", "--no-such-flag"},
             2,
             "msprobe overflow_check: error: unrecognized"},
            {{"compare", "-tp", "a"}, 2, "msprobe compare: error: the following arguments are required"},
            {{"acc_check", "-api_info", "a.json", "--no-such-flag"}, 2, "msprobe acc_check: error: unrecognized"},
            {{"merge_result", "--no-such-flag"},
             2,
             "msprobe merge_result: error: the following arguments are required"},
            {{"diff_analyze", "--fail-on", "never"}, 2, "msprobe diff_analyze: error: "},
            {{"no_such_subcommand"}, 2, "msprobe: error: "},
        },
        dir);
    // Help is shown once too.
    const auto help = run_spread({"-f", "pytorch", "merge_result", "--help"}, dir);
    CHECK(help.exit_code == 0);
    CHECK(count_of(help.out, "Usage: msprobe merge_result") == 1);
}

TEST_CASE(
    "bad input found before the work starts is printed once, and a subcommand that does not spread refuses once") {
    const fs::path dir = msprobe::testing::scratch_dir("mpi_input_errors");
    msprobe::testing::write_file(dir / "a_file", "x");
    check_printed_once(
        {
            {{"-f", "pytorch", "compare", "-i", "missing.json", "-o", "out"},
             2,
             "msprobe compare: error: missing.json: "},
            {{"-f", "pytorch", "compare", "-i", "a_file", "-cm"},
             2,
             "msprobe compare: error: Argument -cm or -am is not supported in PyTorch framework"},
            {{"diff_analyze", "-tp", "npu"},
             2,
             "msprobe diff_analyze: error: -tp/--target_path needs -gp/--golden_path"},
            {{"diff_analyze", "-tp", "npu", "-gp", "bench"}, 2, "msprobe diff_analyze: error: npu: "},
            {{"compare", "-tp", "npu", "-gp", "bench", "--rank", "x"}, 1, "msprobe compare: error: --rank 'x'"},
            {{"-f", "mindspore", "nan_analyze", "-i", "npu"},
             2,
             "msprobe nan_analyze: error: nan_analyze is available"},
            {{"-f", "pytorch", "merge_result", "-i", "a_file", "-o", "out", "-config", "c.yaml"},
             2,
             "msprobe merge_result: error: a_file: "},
            {{"-f", "pytorch", "merge_result", "-i", "missing", "-o", "out", "-config", "c.yaml"},
             2,
             "msprobe merge_result: error: missing: "},
            {{"overflow_check", "-i", "npu", "--scan"}, 2, "msprobe overflow_check: error: the scan does not spread"},
            {{"-f", "pytorch", "parse", "a_file"},
             2,
             "msprobe parse: error: started by an MPI launcher as 3 processes"},
        },
        dir);
    CHECK_FALSE(fs::exists(dir / "out"));
}
