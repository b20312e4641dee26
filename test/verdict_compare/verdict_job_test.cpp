// One unit of August's compare run into a temporary output folder: each pair
// into its own result file named as msprobe names it (cli_august.md §2.5), the
// rows counted by their Result (§3.2), a pair with nothing to compare leaving
// no file, a pair that fails named while the others' files are written, and
// the same files when the pairs are spread over processes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <regex>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "verdict_compare/verdict_job.hpp"
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

const std::vector<SmallApi> kSame = {{"Functional.relu.0.forward", {{1, 2}}, {{1, 2}}}};
// The output's norm 2.236 against 3.162: a relative error of 29 % after identical inputs (I5: warning).
const std::vector<SmallApi> kNormWarning = {{"Functional.relu.0.forward", {{1, 2}}, {{1, 3}}}};
// The output's shape [3] against [2] (A4: error), its norm 40 % off (I5: warning).
const std::vector<SmallApi> kShapeError = {{"Functional.relu.0.forward", {{1, 2}}, {{1, 2, 3}}}};

const char* const kHeader =
    "NPU Name,Bench Name,NPU Dtype,Bench Dtype,NPU Tensor Shape,Bench Tensor Shape,NPU Requires_grad,"
    "Bench Requires_grad,Max diff,Min diff,Mean diff,L2norm diff,MaxRelativeErr,MinRelativeErr,MeanRelativeErr,"
    "NormRelativeErr,NPU max,NPU min,NPU mean,NPU l2norm,Bench max,Bench min,Bench mean,Bench l2norm,"
    "Requires_grad Consistent,Result,Err_message";

// A step folder pair whose rank<i> folders hold kSame on the NPU side and golden[i] on the bench side.
CompareUnit rank_unit(const fs::path& dir, const std::vector<std::vector<SmallApi>>& golden) {
    CompareUnit unit;
    for (std::size_t i = 0; i < golden.size(); ++i) {
        const std::string rank = "rank" + std::to_string(i);
        unit.pairs.push_back({testing::write_small_dump(dir / "npu" / rank, kSame),
                              testing::write_small_dump(dir / "bench" / rank, golden[i]), rank, false});
    }
    return unit;
}

std::vector<std::string> lines_of(const fs::path& file) {
    std::vector<std::string> lines;
    const std::string text = testing::read_file_text(file);
    std::size_t at = 0;
    for (std::size_t end = text.find('\n'); end != std::string::npos; end = text.find('\n', at)) {
        lines.push_back(text.substr(at, end - at));
        at = end + 1;
    }
    return lines;
}

// The names in `dir` with their 14-digit timestamp replaced by {ts}.
std::vector<std::string> names_without_time(const fs::path& dir) {
    static const std::regex kStamp("[0-9]{14}");
    std::vector<std::string> names;
    for (const auto& name : testing::names_in(dir)) names.push_back(std::regex_replace(name, kStamp, "{ts}"));
    return names;
}

}  // namespace

TEST_CASE("verdict job: a step's pairs, each into its rank's file, rows counted by Result",
          "[verdict_compare][verdict_job]") {
    const fs::path dir = testing::scratch_dir("verdict_job_ranks");
    CompareUnit unit = rank_unit(dir, {kSame, kNormWarning, kShapeError});
    unit.output_subdir = "step0";
    VerdictJobOptions options;
    options.output_dir = dir / "out";
    ThreadPool pool(3);
    const VerdictJobSummary summary = run_verdict_pairs(unit, options, pool);
    CHECK(summary.rows == 6);
    CHECK(summary.warnings == 1);
    CHECK(summary.errors == 1);
    const fs::path out = dir / "out" / "step0";
    CHECK(names_without_time(out) == std::vector<std::string>{"compare_result_rank0_{ts}.csv",
                                                              "compare_result_rank1_{ts}.csv",
                                                              "compare_result_rank2_{ts}.csv"});
    REQUIRE(summary.written.size() == 3);
    std::vector<std::string> written;
    for (const auto& file : summary.written) {
        CHECK(file.parent_path() == out);
        written.push_back(file.filename().string());
    }
    CHECK(written == testing::names_in(out));

    const auto same = lines_of(summary.written[0]);
    REQUIRE(same.size() == 3);
    CHECK(same[0] == kHeader);
    CHECK(same[2].ends_with(",True,pass,[]"));
    const auto warned = lines_of(summary.written[1]);
    REQUIRE(warned.size() == 3);
    CHECK(warned[1].ends_with(",True,pass,[]"));
    CHECK(warned[2].starts_with("Functional.relu.0.forward.output.0,Functional.relu.0.forward.output.0,"));
    CHECK(warned[2].ends_with(
        R"(,True,warning,"[""warning: The norm relative error of output is 10 times that of input.""]")"));
    const auto shape = lines_of(summary.written[2]);
    REQUIRE(shape.size() == 3);
    CHECK(shape[2].ends_with(R"(,True,error,"[""error: The shape of NPU and Bench are inconsistent."", )"
                             R"(""warning: The norm relative error of output is 10 times that of input.""]")"));
}

TEST_CASE("verdict job: a file pair, as CSV or workbook, and a debug pair's name", "[verdict_compare][verdict_job]") {
    const fs::path dir = testing::scratch_dir("verdict_job_file_pair");
    CompareUnit unit;
    unit.single_pair = true;
    unit.pairs.push_back({testing::write_small_dump(dir / "npu", kSame),
                          testing::write_small_dump(dir / "bench", kNormWarning), "", false});
    VerdictJobOptions options;
    options.output_dir = dir / "csv";
    ThreadPool pool(2);
    const auto csv = run_verdict_pairs(unit, options, pool);
    CHECK(names_without_time(dir / "csv") == std::vector<std::string>{"compare_result_{ts}.csv"});
    CHECK(csv.rows == 2);
    CHECK(csv.warnings == 1);
    CHECK(csv.errors == 0);

    options.output_dir = dir / "xlsx";
    options.format = OutputFormat::Xlsx;
    const auto xlsx = run_verdict_pairs(unit, options, pool);
    CHECK(names_without_time(dir / "xlsx") == std::vector<std::string>{"compare_result_{ts}.xlsx"});
    CHECK(xlsx.warnings == 1);

    options.output_dir = dir / "debug";
    options.format = OutputFormat::Csv;
    unit.pairs[0].debug_json = true;
    run_verdict_pairs(unit, options, pool);
    CHECK(names_without_time(dir / "debug") == std::vector<std::string>{"debug_compare_result_{ts}.csv"});
}

TEST_CASE("verdict job: a pair with nothing to compare leaves no file", "[verdict_compare][verdict_job]") {
    const fs::path dir = testing::scratch_dir("verdict_job_nothing");
    CompareUnit unit;
    unit.single_pair = true;
    unit.pairs.push_back({testing::write_small_dump(dir / "npu", {}), testing::write_small_dump(dir / "bench", kSame),
                          "", false});
    VerdictJobOptions options;
    options.output_dir = dir / "out";
    ThreadPool pool(1);
    const auto summary = run_verdict_pairs(unit, options, pool);
    CHECK(summary.written.empty());
    CHECK(summary.rows == 0);
    CHECK(testing::names_in(dir / "out").empty());
}

TEST_CASE("verdict job: a file pair that cannot be compared writes nothing", "[verdict_compare][verdict_job]") {
    const fs::path dir = testing::scratch_dir("verdict_job_refused_pair");
    testing::write_file(dir / "npu" / "dump.json",
                        R"({"task": "statistics", "level": "L1", "framework": "mindspore", "data": {}})");
    CompareUnit unit;
    unit.single_pair = true;
    unit.pairs.push_back({dir / "npu" / "dump.json", testing::write_small_dump(dir / "bench", kSame), "", false});
    VerdictJobOptions options;
    options.output_dir = dir / "out";
    ThreadPool pool(1);
    try {
        run_verdict_pairs(unit, options, pool);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.file() == (dir / "npu" / "dump.json").string());
        CHECK(e.reason().starts_with("a mindspore dump against a PyTorch golden"));
    }
    CHECK(testing::names_in(dir / "out").empty());
}

TEST_CASE("verdict job: a rank that fails is named, the other ranks' files are written",
          "[verdict_compare][verdict_job]") {
    const fs::path dir = testing::scratch_dir("verdict_job_failed_rank");
    CompareUnit unit = rank_unit(dir, {kSame, kNormWarning, kSame});
    testing::write_file(unit.pairs[1].golden, "{\"task\": \"statistics\", \"data\": ");  // cut short
    VerdictJobOptions options;
    options.output_dir = dir / "out";
    ThreadPool pool(2);
    try {
        run_verdict_pairs(unit, options, pool);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(fs::equivalent(e.file(), dir / "out"));
        CHECK(e.reason() == "1 rank(s) could not be compared (rank1); the other ranks' files are written");
    }
    CHECK(names_without_time(dir / "out") ==
          std::vector<std::string>{"compare_result_rank0_{ts}.csv", "compare_result_rank2_{ts}.csv"});

    for (const auto& pair : unit.pairs) testing::write_file(pair.golden, "not json");
    options.output_dir = dir / "none";
    try {
        run_verdict_pairs(unit, options, pool);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.reason() == "no rank could be compared (rank0, rank1, rank2); nothing is written");
    }
    CHECK_FALSE(fs::exists(dir / "none"));
}

TEST_CASE("verdict job: pairs spread over processes give the same files, process 0 counts them all",
          "[verdict_compare][verdict_job]") {
    const fs::path dir = testing::scratch_dir("verdict_job_spread");
    const CompareUnit unit = rank_unit(dir, {kSame, kNormWarning, kShapeError});
    VerdictJobOptions options;
    options.output_dir = dir / "out";
    testing::ThreadedProcesses processes(2);
    std::vector<VerdictJobSummary> summaries(2);
    const auto failures = processes.run([&](ProcessGroup& process) {
        ThreadPool pool(1);
        summaries[process.index()] = run_verdict_pairs(unit, options, pool, process);
    });
    CHECK_FALSE(failures[0]);
    CHECK_FALSE(failures[1]);
    // One timestamp for the run, and no staging folder left behind.
    CHECK(names_without_time(dir / "out") == std::vector<std::string>{"compare_result_rank0_{ts}.csv",
                                                                      "compare_result_rank1_{ts}.csv",
                                                                      "compare_result_rank2_{ts}.csv"});
    const VerdictJobSummary& first = summaries[0];
    CHECK(first.rows == 6);
    CHECK(first.warnings == 1);
    CHECK(first.errors == 1);
    REQUIRE(first.written.size() == 3);
    CHECK(first.written[1].filename().string().starts_with("compare_result_rank1_"));
    CHECK(lines_of(first.written[1]).at(2).ends_with(
        R"(,True,warning,"[""warning: The norm relative error of output is 10 times that of input.""]")"));
    const VerdictJobSummary& second = summaries[1];
    CHECK(second.rows == 2 * second.written.size());
    for (const auto& file : second.written) {
        CHECK(std::find(first.written.begin(), first.written.end(), file) != first.written.end());
    }
}

TEST_CASE("verdict job: a rank failing in a spread run fails every process, the others' files written",
          "[verdict_compare][verdict_job]") {
    const fs::path dir = testing::scratch_dir("verdict_job_spread_failure");
    const CompareUnit unit = rank_unit(dir, {kSame, kSame, kSame});
    testing::write_file(unit.pairs[2].golden, "not json");
    VerdictJobOptions options;
    options.output_dir = dir / "out";
    testing::ThreadedProcesses processes(2);
    const auto failures = processes.run([&](ProcessGroup& process) {
        ThreadPool pool(1);
        run_verdict_pairs(unit, options, pool, process);
    });
    REQUIRE(failures[0]);
    int exit_code = 0;
    try {
        std::rethrow_exception(failures[0]);
    } catch (const ReportedByFirstProcess&) {
        FAIL("process 0 reports the failure itself");
    } catch (const Error& e) {
        CHECK(e.reason() == "1 rank(s) could not be compared (rank2); the other ranks' files are written");
        exit_code = e.exit_code();
    }
    // The other process ends with the same code and leaves the line to process 0.
    REQUIRE(failures[1]);
    try {
        std::rethrow_exception(failures[1]);
    } catch (const ReportedByFirstProcess& e) {
        CHECK(e.exit_code() == exit_code);
    }
    CHECK(names_without_time(dir / "out") ==
          std::vector<std::string>{"compare_result_rank0_{ts}.csv", "compare_result_rank1_{ts}.csv"});
}
