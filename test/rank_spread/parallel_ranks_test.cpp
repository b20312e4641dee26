// The ranks of a step-directory compare run in parallel: generated 6-rank
// dumps give the same files, byte for byte, on one thread and on several
// (only the time of writing, in a file name and a book's properties, may differ), a broken rank in the middle
// is skipped while the others are written, one that cannot be written leaves
// nothing, and no more rank tables are alive
// at once than the pool has threads.
#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <unistd.h>

#include <ctime>
#include <iterator>
#include <map>
#include <regex>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "verdict_compare/verdict_job.hpp"
#include "compare_request/compare_job.hpp"
#include "rank_spread/parallel_ranks.hpp"
#include "support/dump_generator.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/zip_inspection.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::compare;

namespace {

constexpr int kRanks = 6;

fs::path generated_ranks(const std::string& name, testing::DumpTask task) {
    const fs::path dir = testing::scratch_dir("parallel_ranks_" + name);
    testing::DumpPairOptions options;
    options.out = dir;
    options.apis = 80;
    options.task = task;
    options.ranks = kRanks;
    options.seed = 15;
    testing::generate_dump_pair(options);
    return dir;
}

// A book's members, name and contents, with the time of writing in its
// properties masked: it is the only byte that may differ between two runs.
std::string book_contents(const fs::path& book) {
    static const std::regex kWritten("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z");
    const testing::ZipInspection zip = testing::inspect_zip(book);
    CHECK(zip.problems.empty());
    std::string contents;
    for (const auto& member : zip.members) {
        const bool properties = member.name == "docProps/core.xml";
        contents += member.name + "\n" + (properties ? std::regex_replace(member.data, kWritten, "T") : member.data);
    }
    return contents;
}

// File name without its 14-digit timestamp → the file's bytes (a book's members).
std::map<std::string, std::string> files_by_name(const fs::path& dir) {
    static const std::regex kStamp("_[0-9]{14}");
    std::map<std::string, std::string> files;
    for (const auto& entry : fs::directory_iterator(dir)) {
        const std::string name = std::regex_replace(entry.path().filename().string(), kStamp, "");
        CHECK(files.count(name) == 0);
        files[name] = entry.path().extension() == ".xlsx" ? book_contents(entry.path())
                                                          : testing::read_file_text(entry.path());
    }
    return files;
}

struct StepRun {
    CompareSummary summary;
    std::size_t peak_tables = 0;
};

StepRun compare_steps(const fs::path& pair_dir, const fs::path& out, OutputFormat format, unsigned threads,
                      bool real_data = false) {
    CompareOptions options;
    options.output_dir = out;
    options.format = format;
    options.highlight = true;
    if (real_data) options.compare_only = true;
    ThreadPool pool(threads);
    LiveRankTable::reset_peak();
    StepRun run;
    run.summary = run_step_dirs_compare({pair_dir / "npu" / "step0", pair_dir / "bench" / "step0"}, options, pool);
    run.peak_tables = LiveRankTable::peak();
    return run;
}

std::vector<std::string> labels(const CompareSummary& summary) {
    std::vector<std::string> out;
    for (const auto& pair : summary.pairs) out.push_back(pair.label);
    return out;
}

const std::vector<std::string> kAllRanks = {"rank0", "rank1", "rank2", "rank3", "rank4", "rank5"};

}  // namespace

TEST_CASE("statistics ranks in parallel: the same books and csv files as on one thread", "[compare][parallel_ranks]") {
    const fs::path pair = generated_ranks("statistics", testing::DumpTask::Statistics);
    for (const OutputFormat format : {OutputFormat::Xlsx, OutputFormat::Csv}) {
        const std::string suffix = format == OutputFormat::Xlsx ? "xlsx" : "csv";
        const StepRun one = compare_steps(pair, pair / ("out1_" + suffix), format, 1);
        const StepRun four = compare_steps(pair, pair / ("out4_" + suffix), format, 4);
        CHECK(labels(one.summary) == kAllRanks);
        CHECK(labels(four.summary) == kAllRanks);
        CHECK(four.summary.rows() == one.summary.rows());
        CHECK(four.summary.errors() == one.summary.errors());
        CHECK(one.peak_tables == 1);
        CHECK(four.peak_tables >= 1);
        CHECK(four.peak_tables <= 4);

        const auto expected = files_by_name(pair / ("out1_" + suffix));
        CHECK(expected.size() == 2 * kRanks);  // a result and an advisor file per rank
        CHECK(expected.count("compare_result_rank3." + suffix) == 1);
        CHECK(files_by_name(pair / ("out4_" + suffix)) == expected);
    }
}

TEST_CASE("real-data ranks in parallel, rows nested on the same pool: the same books at 1, 2, 4 and 8 threads",
          "[compare][parallel_ranks]") {
    const fs::path pair = generated_ranks("tensor", testing::DumpTask::Tensor);
    const StepRun one = compare_steps(pair, pair / "out1", OutputFormat::Xlsx, 1, true);
    CHECK(labels(one.summary) == kAllRanks);
    const auto expected = files_by_name(pair / "out1");
    CHECK(expected.size() == kRanks);
    for (const unsigned threads : {2U, 4U, 8U}) {
        const fs::path out = pair / ("out" + std::to_string(threads));
        const StepRun many = compare_steps(pair, out, OutputFormat::Xlsx, threads, true);
        CHECK(labels(many.summary) == kAllRanks);
        CHECK(many.peak_tables <= threads);
        CHECK(files_by_name(out) == expected);
    }
}

TEST_CASE("a broken rank in the middle is skipped, the others written as on one thread",
          "[compare][parallel_ranks]") {
    const fs::path pair = generated_ranks("broken", testing::DumpTask::Statistics);
    testing::write_file(pair / "bench" / "step0" / "rank2" / "dump.json", "{\"task\": ");
    const StepRun one = compare_steps(pair, pair / "out1", OutputFormat::Csv, 1);
    const StepRun four = compare_steps(pair, pair / "out4", OutputFormat::Csv, 4);
    const std::vector<std::string> written = {"rank0", "rank1", "rank3", "rank4", "rank5"};
    CHECK(labels(one.summary) == written);
    CHECK(labels(four.summary) == written);
    CHECK(one.summary.failed_ranks == 1);
    CHECK(four.summary.failed_ranks == 1);
    const auto files = files_by_name(pair / "out4");
    CHECK(files.size() == 2 * written.size());
    CHECK(files.count("compare_result_rank2.csv") == 0);
    CHECK(files == files_by_name(pair / "out1"));
}

TEST_CASE("August's ranks in parallel: the same csv files as on one thread, a broken rank named",
          "[compare][parallel_ranks]") {
    const fs::path pair = generated_ranks("august", testing::DumpTask::Statistics);
    const auto units = compare_units(pair / "npu" / "step0", pair / "bench" / "step0", {});
    REQUIRE(units.size() == 1);
    auto run = [&](const fs::path& out, unsigned threads) {
        VerdictJobOptions options;
        options.output_dir = out;
        ThreadPool pool(threads);
        LiveRankTable::reset_peak();
        const VerdictJobSummary summary = run_verdict_pairs(units[0], options, pool);
        CHECK(LiveRankTable::peak() <= threads);
        return summary;
    };
    const VerdictJobSummary one = run(pair / "out1", 1);
    const VerdictJobSummary four = run(pair / "out4", 4);
    CHECK(four.rows == one.rows);
    const auto expected = files_by_name(pair / "out1");
    CHECK(expected.size() == kRanks);
    CHECK(files_by_name(pair / "out4") == expected);

    testing::write_file(pair / "bench" / "step0" / "rank3" / "dump.json", "not json");
    CHECK_THROWS_WITH(run(pair / "out_broken", 4), Catch::Contains("1 rank(s) could not be compared (rank3)"));
    CHECK(files_by_name(pair / "out_broken").size() == kRanks - 1);
}

TEST_CASE("a rank whose result cannot be written stops the run, and no rank's file appears",
          "[compare][parallel_ranks]") {
    const fs::path pair = generated_ranks("unwritable", testing::DumpTask::Statistics);
    for (const unsigned threads : {1U, 4U}) {
        const fs::path out = pair / ("out" + std::to_string(threads));
        // rank3's temporary file is taken by a directory for every second the run may take.
        const std::time_t now = std::time(nullptr);
        for (std::time_t t = now - 2; t <= now + 60; ++t) {
            std::tm local{};
            localtime_r(&t, &local);
            char stamp[16];
            std::strftime(stamp, sizeof stamp, "%Y%m%d%H%M%S", &local);
            fs::create_directories(out / fmt::format(".compare_result_rank3_{}.csv.staged-{}", stamp, ::getpid()));
        }
        const std::size_t blockers = static_cast<std::size_t>(std::distance(fs::directory_iterator(out), {}));
        CHECK_THROWS_WITH(compare_steps(pair, out, OutputFormat::Csv, threads),
                          Catch::Contains("compare_result_rank3_"));
        CHECK(static_cast<std::size_t>(std::distance(fs::directory_iterator(out), {})) == blockers);
    }
}
