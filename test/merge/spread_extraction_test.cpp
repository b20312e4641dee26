// merge_result's reading spread over the run's processes (played by threads
// here): process 0 receives every rank's extract in the files' order, the
// same as one process reading them all, and the others none; a rank that
// cannot be read fails the run everywhere with the error of the lowest such
// rank, printed by process 0.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/process_group.hpp"
#include "common/thread_pool.hpp"
#include "merge/spread_extraction.hpp"
#include "merge_test_files.hpp"
#include "support/shared_fixtures.hpp"
#include "support/threaded_processes.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::merge;
using report::Cell;

namespace {

const char* const kAugustStatisticsHeader =
    "NPU Name,Bench Name,NPU Dtype,Bench Dtype,NPU Tensor Shape,Bench Tensor Shape,NPU Requires_grad,"
    "Bench Requires_grad,Max diff,Min diff,Mean diff,L2norm diff,MaxRelativeErr,MinRelativeErr,MeanRelativeErr,"
    "NormRelativeErr,NPU max,NPU min,NPU mean,NPU l2norm,Bench max,Bench min,Bench mean,Bench l2norm,"
    "Requires_grad Consistent,Result,Err_message\n";

std::string csv_row(const std::string& name, const std::string& max_diff) {
    return name + "," + name + ",torch.float32,torch.float32,[2],[2],False,False," + max_diff +
           ",0,0,0,1.0%,0,0,0,2.5,0,1,1,2,0,1,1,True,pass,[]\n";
}

// compare_result_rank<r>_….csv for ranks 0..count-1: the linear input's Max diff is r + 0.5, and rank r
// has r rows of other APIs too, so the files differ in size.
std::vector<RankResultFile> rank_results(const fs::path& dir, int count) {
    std::vector<RankResultFile> files;
    for (int r = 0; r < count; ++r) {
        std::string text = kAugustStatisticsHeader;
        for (int k = 0; k < r; ++k) text += csv_row("Torch.add." + std::to_string(k) + ".forward.output.0", "0");
        text += csv_row("Functional.linear.0.forward.input.0", std::to_string(r) + ".5");
        const fs::path path = dir / ("compare_result_rank" + std::to_string(r) + "_20260101000000.csv");
        testing::write_merge_input_text(path, text);
        files.push_back({r, path});
    }
    return files;
}

const std::vector<std::string> kApis = {"Functional.linear.0.forward"};

void check_extracts(const std::vector<RankExtract>& extracts, int count) {
    REQUIRE(extracts.size() == static_cast<std::size_t>(count));
    for (int r = 0; r < count; ++r) {
        CAPTURE(r);
        const RankExtract& extract = extracts[static_cast<std::size_t>(r)];
        CHECK(extract.rank == r);
        CHECK_FALSE(extract.empty);
        CHECK(extract.mode == msprobe::compare::CompareMode::Summary);
        CHECK(extract.names == std::vector<std::string>{"Functional.linear.0.forward.input.0"});
        CHECK(extract.values.at("Max diff") == std::vector<Cell>{Cell(r + 0.5)});
        CHECK(extract.values.at("NormRelativeErr") == std::vector<Cell>{Cell(0.0)});
    }
}

}  // namespace

TEST_CASE("extract_rank_results: one process reads every rank, in the files' order",
          "[merge][spread_extraction]") {
    const fs::path dir = testing::scratch_dir("spread_extraction_single");
    const auto files = rank_results(dir, 4);
    ThreadPool pool(2);
    check_extracts(extract_rank_results(files, kApis, pool, single_process()), 4);
    CHECK(extract_rank_results({}, kApis, pool, single_process()).empty());
}

TEST_CASE("extract_rank_results: spread over processes, process 0 receives every extract",
          "[merge][spread_extraction]") {
    const fs::path dir = testing::scratch_dir("spread_extraction_spread");
    const auto files = rank_results(dir, 5);
    testing::ThreadedProcesses processes(3);
    std::vector<std::vector<RankExtract>> extracts(3);
    const auto failures = processes.run([&](ProcessGroup& process) {
        ThreadPool pool(1);
        extracts[process.index()] = extract_rank_results(files, kApis, pool, process);
    });
    for (const auto& failure : failures) CHECK_FALSE(failure);
    check_extracts(extracts[0], 5);
    CHECK(extracts[1].empty());
    CHECK(extracts[2].empty());
}

TEST_CASE("extract_rank_results: the lowest rank that cannot be read fails one process's run",
          "[merge][spread_extraction]") {
    const fs::path dir = testing::scratch_dir("spread_extraction_failure_single");
    auto files = rank_results(dir, 4);
    fs::remove(files[1].path);
    fs::remove(files[3].path);
    ThreadPool pool(2);
    try {
        extract_rank_results(files, kApis, pool, single_process());
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.file() == files[1].path.string());
        CHECK(e.reason() == "no such file");
    }
}

TEST_CASE("extract_rank_results: a spread run fails on every process with the lowest failed rank's error",
          "[merge][spread_extraction]") {
    const fs::path dir = testing::scratch_dir("spread_extraction_failure_spread");
    auto files = rank_results(dir, 5);
    fs::remove(files[1].path);
    fs::remove(files[3].path);
    testing::ThreadedProcesses processes(3);
    const auto failures = processes.run([&](ProcessGroup& process) {
        ThreadPool pool(1);
        extract_rank_results(files, kApis, pool, process);
    });
    REQUIRE(failures[0]);
    int exit_code = 0;
    try {
        std::rethrow_exception(failures[0]);
    } catch (const ReportedByFirstProcess&) {
        FAIL("process 0 prints the error itself");
    } catch (const Error& e) {
        CHECK(e.file() == files[1].path.string());
        CHECK(e.reason() == "no such file");
        exit_code = e.exit_code();
    }
    for (const std::size_t p : {std::size_t{1}, std::size_t{2}}) {
        CAPTURE(p);
        REQUIRE(failures[p]);
        try {
            std::rethrow_exception(failures[p]);
        } catch (const ReportedByFirstProcess& e) {
            CHECK(e.file() == files[1].path.string());
            CHECK(e.exit_code() == exit_code);
        }
    }
}
