// multi_run_ut under mpirun as three processes: msprobe's splits of the APIs
// shared out among the processes, each split run by a worker into files of its
// own, and process 0 joining them in split order. Built only with MPI, when
// mpirun was found, and in a build with libtorch (test/CMakeLists.txt).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "mpi/mpi_runs.hpp"
#include "support/dump_generator.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

#ifdef MSPROBE_WITH_TORCH

namespace fs = std::filesystem;

namespace {

using namespace msprobe::testing::mpi;

// A statistics dump of one rank, written by the project's generator: its run_ut inputs are random draws.
const fs::path& run_ut_dump() {
    static const fs::path dir = [] {
        const fs::path root = msprobe::testing::scratch_dir("mpi_multi_run_ut_dump");
        msprobe::testing::DumpPairOptions options;
        options.out = root;
        options.apis = 60;
        options.seed = 3;
        msprobe::testing::generate_dump_pair(options);
        return root;
    }();
    return dir;
}

// The result and details csv files of the one run written into `dir`.
struct ResultFiles {
    fs::path result;
    fs::path details;
};

ResultFiles result_files(const fs::path& dir) {
    ResultFiles files;
    REQUIRE(fs::is_directory(dir));
    std::size_t count = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        ++count;
        const std::string name = entry.path().filename().string();
        if (name.rfind("accuracy_checking_result_", 0) == 0) files.result = entry.path();
        if (name.rfind("accuracy_checking_details_", 0) == 0) files.details = entry.path();
    }
    CHECK(count == 2);  // no split folder left behind
    REQUIRE(!files.result.empty());
    REQUIRE(!files.details.empty());
    return files;
}

// The lines of a csv file after its header, sorted: the rows whatever order the workers appended them in.
std::vector<std::string> sorted_rows(const fs::path& csv) {
    std::vector<std::string> rows;
    std::istringstream lines(msprobe::testing::read_file_text(csv));
    std::string line;
    std::getline(lines, line);
    while (std::getline(lines, line)) rows.push_back(line);
    std::sort(rows.begin(), rows.end());
    return rows;
}

std::vector<std::string> run_ut_args(const std::string& subcommand, const std::string& out) {
    return {"-f", "pytorch", subcommand, "-api_info", "npu/step0/rank/dump.json", "-o", out};
}

}  // namespace

TEST_CASE("multi_run_ut over three processes writes run_ut's rows in run_ut's order") {
    const fs::path& dir = run_ut_dump();
    // Re-seeded per API, a row does not depend on the APIs run before it, so every split gives run_ut's rows.
    auto single_args = run_ut_args("run_ut", "single_seeded");
    single_args.push_back("--seed_per_api");
    auto spread_args = run_ut_args("multi_run_ut", "spread_seeded");
    spread_args.insert(spread_args.end(), {"--seed_per_api", "-n", "5"});
    const auto single = run_single(single_args, dir);
    REQUIRE(single.exit_code == 0);
    const auto spread = run_spread(spread_args, dir);
    INFO(spread.err);
    REQUIRE(spread.exit_code == 0);
    const auto ours = result_files(dir / "spread_seeded");
    const auto expected = result_files(dir / "single_seeded");
    CHECK(sorted_rows(expected.result).size() > 20);
    CHECK(msprobe::testing::read_file_text(ours.result) == msprobe::testing::read_file_text(expected.result));
    CHECK(msprobe::testing::read_file_text(ours.details) == msprobe::testing::read_file_text(expected.details));
    // Process 0 alone prints the end-of-run screen.
    CHECK(count_of(spread.out, " APIs: ") == 1);
    CHECK(spread.out.find("  spread_seeded/accuracy_checking_result_") != std::string::npos);
}

TEST_CASE("multi_run_ut over three processes gives the rows of multi_run_ut's local workers") {
    const fs::path& dir = run_ut_dump();
    // msprobe's stream: each split seeded once, as each local worker is.
    auto local_args = run_ut_args("multi_run_ut", "local");
    local_args.insert(local_args.end(), {"-n", "3"});
    auto spread_args = run_ut_args("multi_run_ut", "spread");
    spread_args.insert(spread_args.end(), {"-n", "3"});
    const auto local = run_single(local_args, dir);
    REQUIRE(local.exit_code == 0);
    const auto spread = run_spread(spread_args, dir);
    INFO(spread.err);
    REQUIRE(spread.exit_code == 0);
    const auto ours = result_files(dir / "spread");
    const auto expected = result_files(dir / "local");
    // The local workers append as they finish; the spread run joins the splits in order.
    CHECK(sorted_rows(ours.result) == sorted_rows(expected.result));
    CHECK(sorted_rows(ours.details) == sorted_rows(expected.details));
}

TEST_CASE("multi_run_ut over three processes refuses -csv_path once, and writes nothing") {
    const fs::path& dir = run_ut_dump();
    const auto single = run_single(run_ut_args("run_ut", "to_continue"), dir);
    REQUIRE(single.exit_code == 0);
    auto args = run_ut_args("multi_run_ut", "continued");
    args.insert(args.end(), {"-csv_path", result_files(dir / "to_continue").result.string()});
    const auto r = run_spread(args, dir);
    CHECK(r.exit_code == 2);
    CHECK(count_of(r.err, "msprobe multi_run_ut: error: ") == 1);
    CHECK(r.err.find("-csv_path continues a run in one process") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "continued"));
}

#endif
