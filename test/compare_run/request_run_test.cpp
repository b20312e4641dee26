// A compare.json's compare from its options on small dumps written here: a dump
// pair's one result, two step directories' one result per rank (spread over a
// group of processes), a dump pair compared by process 0 alone, the --html
// report written after the run and refused before it on a named input.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "compare/html_compare_report.hpp"
#include "compare_run/request_run.hpp"
#include "report/csv_reader.hpp"
#include "support/directory_names.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_dump.hpp"
#include "support/threaded_processes.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::compare;
using testing::SmallApi;

namespace {

const std::vector<SmallApi> kNpu = {{"Functional.relu.0.forward", {{1, 5}}, {{1, 5}}}};
const std::vector<SmallApi> kBench = {{"Functional.relu.0.forward", {{1, 2}}, {{1, 5}}}};

// <dir>/compare.json naming `npu` and `bench`; options writing CSV into <dir>/out without the advisor.
CompareOptions request_into(const fs::path& dir, const fs::path& npu, const fs::path& bench) {
    testing::write_file(dir / "compare.json",
                        "{\"npu_path\": \"" + npu.string() + "\", \"bench_path\": \"" + bench.string() + "\"}");
    CompareOptions options;
    options.input_path = dir / "compare.json";
    options.output_dir = dir / "out";
    options.format = OutputFormat::Csv;
    options.compare_only = true;
    return options;
}

}  // namespace

TEST_CASE("compare.json run: a dump pair compared into one result", "[compare_run][request_run]") {
    const fs::path dir = testing::scratch_dir("request_run_pair");
    const CompareOptions options = request_into(dir, testing::write_small_dump(dir / "npu", kNpu),
                                                testing::write_small_dump(dir / "bench", kBench));
    ThreadPool pool(1);
    const RequestRun run = run_compare_json(options, pool, single_process());
    CHECK(run.ran_here);
    REQUIRE(run.summary.pairs.size() == 1);
    CHECK(run.summary.rows() == 2);
    CHECK(run.summary.errors() == 1);  // input.0: Max 5 against 2
    REQUIRE(run.summary.written().size() == 1);
    const fs::path result = run.summary.written()[0];
    CHECK(result.parent_path() == dir / "out");
    CHECK(result.filename().string().starts_with("compare_result_"));
    CHECK(testing::names_in(dir / "out").size() == 1);
    const auto csv = report::read_csv(result.string());
    REQUIRE(csv.rows.size() == 2);
    CHECK(csv.rows[0][0].text() == "Functional.relu.0.forward.input.0");
}

TEST_CASE("compare.json run: which flavours spread over processes", "[compare_run][request_run]") {
    CHECK(spreads_over_processes(StepDirs{"npu", "bench"}));
    CHECK(spreads_over_processes(PtdbgRankDirs{"npu", "bench"}));
    CHECK_FALSE(spreads_over_processes(DumpFilePair{"npu/dump.json", "bench/dump.json", std::nullopt}));
    CHECK_FALSE(spreads_over_processes(DispatchDirs{"npu", "cpu"}));
}

TEST_CASE("compare.json run: step directories spread over the group, one result per rank",
          "[compare_run][request_run]") {
    const fs::path dir = testing::scratch_dir("request_run_steps");
    for (const char* rank : {"rank0", "rank1"}) {
        testing::write_small_dump(dir / "npu" / rank, kNpu);
        testing::write_small_dump(dir / "bench" / rank, kBench);
    }
    const CompareOptions options = request_into(dir, dir / "npu", dir / "bench");
    ThreadPool pool(2);
    SECTION("one process") {
        testing::ThreadedProcesses processes(1);
        const RequestRun run = run_compare_json(options, pool, processes.process(0));
        CHECK(run.ran_here);
        REQUIRE(run.summary.pairs.size() == 2);
        CHECK(run.summary.pairs[0].label == "rank0");
        CHECK(run.summary.pairs[1].label == "rank1");
        CHECK(run.summary.failed_ranks == 0);
    }
    SECTION("two processes: both run it, process 0's summary counts every rank") {
        testing::ThreadedProcesses processes(2);
        std::vector<RequestRun> runs(2);
        const auto failures = processes.run([&](ProcessGroup& process) {
            ThreadPool own(1);
            runs[process.index()] = run_compare_json(options, own, process);
        });
        CHECK(failures[0] == nullptr);
        CHECK(failures[1] == nullptr);
        CHECK(runs[0].ran_here);
        CHECK(runs[1].ran_here);
        CHECK(runs[0].summary.pairs.size() == 2);
    }
    const auto names = testing::names_in(dir / "out");
    REQUIRE(names.size() == 2);
    CHECK(names[0].starts_with("compare_result_rank0_"));
    CHECK(names[1].starts_with("compare_result_rank1_"));
}

TEST_CASE("compare.json run: a dump pair on two processes is process 0's alone", "[compare_run][request_run]") {
    const fs::path dir = testing::scratch_dir("request_run_first");
    const CompareOptions options = request_into(dir, testing::write_small_dump(dir / "npu", kNpu),
                                                testing::write_small_dump(dir / "bench", kBench));
    testing::ThreadedProcesses processes(2);
    std::vector<RequestRun> runs(2);
    const auto failures = processes.run([&](ProcessGroup& process) {
        ThreadPool pool(1);
        runs[process.index()] = run_compare_json(options, pool, process);
    });
    CHECK(failures[0] == nullptr);
    CHECK(failures[1] == nullptr);
    CHECK(runs[0].ran_here);
    CHECK(runs[0].summary.written().size() == 1);
    CHECK_FALSE(runs[1].ran_here);
    CHECK(runs[1].summary.pairs.empty());
    CHECK(testing::names_in(dir / "out").size() == 1);
}

TEST_CASE("compare.json run: the --html report written after the run, refused on an input",
          "[compare_run][request_run]") {
    const fs::path dir = testing::scratch_dir("request_run_html");
    CompareOptions options = request_into(dir, testing::write_small_dump(dir / "npu", kNpu),
                                          testing::write_small_dump(dir / "bench", kBench));
    ThreadPool pool(1);
    SECTION("written with the result") {
        HtmlCompareReport html(dir / "report.html", html_report::RunPaths{options.output_dir, {options.input_path}});
        options.html = &html;
        const RequestRun run = run_compare_json(options, pool, single_process());
        CHECK(run.summary.written().size() == 1);
        CHECK(testing::read_file_text(dir / "report.html").find("<html") != std::string::npos);
    }
    SECTION("a report over a file the request reads: nothing compared") {
        HtmlCompareReport html(dir / "npu" / "dump.json",
                               html_report::RunPaths{options.output_dir, {options.input_path}});
        options.html = &html;
        CHECK_THROWS_AS(run_compare_json(options, pool, single_process()), Error);
        CHECK_FALSE(fs::exists(dir / "out"));
    }
}
