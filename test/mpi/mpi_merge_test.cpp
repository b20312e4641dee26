// merge_result under mpirun as three processes: the rank results are read
// across the processes and process 0 writes the book of a single-process run,
// cell for cell; a rank result that cannot be read, or nothing to merge, fails
// the run on every process with one error line and no book.
// Built only with MPI and when mpirun was found (test/CMakeLists.txt).
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <string>
#include <vector>

#include "mpi/mpi_runs.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;

namespace {

using namespace msprobe::testing::mpi;

// The rank results of the two-step dump, compared by one process: step0 as
// statistics workbooks, step1 (real data) as csv files.
const fs::path& rank_results() {
    static const fs::path dir = [] {
        const fs::path results = msprobe::testing::scratch_dir("mpi_merge_rank_results");
        const auto xlsx = run_single({"-f", "pytorch", "compare", "-i", "compare_step0.json", "-o",
                                      (results / "statistics").string()},
                                     two_step_dump());
        const auto csv = run_single({"-f", "pytorch", "compare", "-i", "compare_step1.json", "--format", "csv", "-o",
                                     (results / "real_data").string()},
                                    two_step_dump());
        REQUIRE(xlsx.exit_code == 0);
        REQUIRE(csv.exit_code == 0);
        // Every rank's statistics selected, two indices; every index of real data for the linear layers.
        msprobe::testing::write_file(results / "statistics.yaml",
                                     "api:\n- Functional.linear\n- Distributed.all_reduce\n- Tensor\n"
                                     "compare_index:\n- Max diff\n- MeanRelativeErr\n");
        msprobe::testing::write_file(results / "real_data.yaml", "api:\n- Functional.linear\n- Tensor.div_\n");
        return results;
    }();
    return dir;
}

// A scratch copy of one results folder, for a test that spoils it.
fs::path copied_results(const std::string& name, const std::string& kind) {
    const fs::path dir = msprobe::testing::scratch_dir(name);
    fs::copy(rank_results() / kind, dir / "in", fs::copy_options::recursive);
    fs::copy_file(rank_results() / (kind + ".yaml"), dir / "config.yaml");
    return dir;
}

std::vector<std::string> merge_args(const std::string& input, const std::string& output, const std::string& config) {
    return {"-f", "pytorch", "merge_result", "-i", input, "-o", output, "-config", config};
}

}  // namespace

TEST_CASE("merge_result over three processes writes one process's book, cell for cell") {
    const fs::path& dir = rank_results();
    for (const std::string kind : {"statistics", "real_data"}) {
        INFO(kind);
        const std::string config = kind + ".yaml";
        const auto single = run_single(merge_args(kind, "single_" + kind, config), dir);
        REQUIRE(single.exit_code == 0);
        const auto spread = run_spread(merge_args(kind, "spread_" + kind, config), dir);
        INFO(spread.err);
        REQUIRE(spread.exit_code == 0);
        CHECK(files_below(dir / ("spread_" + kind)).size() == 1);
        check_same_files(dir / ("spread_" + kind), dir / ("single_" + kind));
        // Process 0 alone merges: every rank parsed once, in rank order.
        CHECK(count_of(spread.out, "Parsing rank") == kRanks);
        CHECK(spread.out.find("Parsing rank0 ") < spread.out.find(fmt::format("Parsing rank{} ", kRanks - 1)));
        CHECK(count_of(spread.out, "are merged and saved in: spread_" + kind + "/multi_ranks_compare_merge_") == 1);
    }
    // August's command line spreads the same way.
    const auto august =
        run_spread({"merge_result", "-i", "statistics", "-o", "august", "-config", "statistics.yaml"}, dir);
    REQUIRE(august.exit_code == 0);
    check_same_files(dir / "august", dir / "single_statistics");
}

TEST_CASE("a warning about the rank results is printed once, by process 0") {
    const fs::path dir = copied_results("mpi_merge_warnings", "statistics");
    // A single-rank result beside the rank results, and a second result of rank 3.
    for (const auto& entry : fs::directory_iterator(dir / "in")) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("compare_result_rank3_", 0) == 0) {
            fs::copy_file(entry.path(), dir / "in" / "compare_result_rank_20990101000000.xlsx");
            fs::copy_file(entry.path(), dir / "in" / "compare_result_rank3_20990101000000.xlsx");
            break;
        }
    }
    const auto spread = run_spread(merge_args("in", "out", "config.yaml"), dir);
    INFO(spread.out << spread.err);
    REQUIRE(spread.exit_code == 0);
    CHECK(count_of(spread.out, "Single rank compare result do not need to be merged.") == 1);
    CHECK(count_of(spread.out, "More than one compare result of rank3:") == 1);
}

TEST_CASE("a rank result that cannot be read fails merge_result on every process, printed once, no book written") {
    const fs::path dir = copied_results("mpi_merge_bad_rank", "statistics");
    for (const int rank : {5, 2}) {
        for (const auto& entry : fs::directory_iterator(dir / "in")) {
            if (entry.path().filename().string().rfind(fmt::format("compare_result_rank{}_", rank), 0) == 0) {
                msprobe::testing::write_file(entry.path(), "not a workbook");
            }
        }
    }
    const auto single = run_single(merge_args("in", "single", "config.yaml"), dir);
    const auto spread = run_spread(merge_args("in", "spread", "config.yaml"), dir);
    CHECK(single.exit_code == 2);
    CHECK(spread.exit_code == 2);
    // The lowest bad rank is named, as one process names it, whichever process read it.
    REQUIRE(count_of(single.err, "msprobe merge_result: error: ") == 1);
    CHECK(single.err.find("in/compare_result_rank2_") != std::string::npos);
    CHECK(count_of(spread.err, "msprobe merge_result: error: ") == 1);
    CHECK(spread.err.find(single.err.substr(0, single.err.find('\n') + 1)) != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "single"));
    CHECK_FALSE(fs::exists(dir / "spread"));
}

TEST_CASE("nothing to merge on process 0 fails merge_result on every process, printed once") {
    const fs::path dir = copied_results("mpi_merge_nothing", "statistics");
    // Statistics results have no Cosine: no rank can contribute.
    msprobe::testing::write_file(dir / "config.yaml", "api:\n- Functional.linear\ncompare_index:\n- Cosine\n");
    const auto spread = run_spread(merge_args("in", "out", "config.yaml"), dir);
    CHECK(spread.exit_code == 2);
    CHECK(count_of(spread.err, "msprobe merge_result: error: in: Nothing to merge.") == 1);
    CHECK(count_of(spread.err, "msprobe merge_result: error: ") == 1);
    CHECK_FALSE(fs::exists(dir / "out"));
}
