// The dump.json compare run on small dumps written here: one pair or every
// rank of two step directories, the result and advisor files it writes, and
// the inputs it refuses before writing anything.
#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "compare_request/compare_job.hpp"
#include "report/csv_reader.hpp"
#include "support/small_dump.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::compare;
using testing::SmallApi;

namespace {

const std::vector<SmallApi> kNpu = {{"Functional.relu.0.forward", {{1, 5}}, {{1, 5}}}};
const std::vector<SmallApi> kBench = {{"Functional.relu.0.forward", {{1, 2}}, {{1, 5}}}};

CompareOptions csv_into(const fs::path& out, bool compare_only = false) {
    CompareOptions options;
    options.output_dir = out;
    options.format = OutputFormat::Csv;
    options.compare_only = compare_only;
    return options;
}

bool empty_or_missing(const fs::path& dir) { return !fs::exists(dir) || fs::is_empty(dir); }

}  // namespace

TEST_CASE("one dump pair: the result and its advisor, counted", "[compare][compare_job]") {
    const fs::path dir = testing::scratch_dir("compare_job_pair");
    const DumpFilePair pair{testing::write_small_dump(dir / "npu", kNpu),
                            testing::write_small_dump(dir / "bench", kBench), std::nullopt};
    ThreadPool pool(1);
    const CompareSummary summary = run_dump_pair_compare(pair, csv_into(dir / "out"), pool);
    REQUIRE(summary.pairs.size() == 1);
    CHECK(summary.pairs[0].label.empty());
    CHECK(summary.rows() == 2);
    CHECK(summary.errors() == 1);  // input.0: Max 5 against 2 reads Result "Warning"
    REQUIRE(summary.written().size() == 2);
    const fs::path result = summary.written()[0];
    CHECK(result.parent_path() == dir / "out");
    CHECK(result.filename().string().starts_with("compare_result_"));
    CHECK(result.extension() == ".csv");
    const auto csv = report::read_csv(result.string());
    REQUIRE(csv.rows.size() == 2);
    CHECK(csv.rows[0][0].text() == "Functional.relu.0.forward.input.0");
    CHECK(summary.written()[1].filename().string().starts_with("advisor_"));
    CHECK(testing::read_file_text(summary.written()[1]).starts_with("Line: "));

    const CompareSummary quiet = run_dump_pair_compare(pair, csv_into(dir / "out_c", true), pool);
    CHECK(quiet.written().size() == 1);  // -c: no advisor
}

TEST_CASE("a dump pair must be two dump.json or two debug.json files", "[compare][compare_job]") {
    const fs::path dir = testing::scratch_dir("compare_job_names");
    const fs::path npu = testing::write_small_dump(dir / "npu", kNpu);
    const fs::path bench = testing::write_small_dump(dir / "bench", kBench);
    fs::copy_file(bench, dir / "bench" / "other.json");
    ThreadPool pool(1);
    CHECK_THROWS_WITH(
        run_dump_pair_compare({npu, dir / "bench" / "other.json", std::nullopt}, csv_into(dir / "out"), pool),
        Catch::Contains("expected a file named dump.json or debug.json"));
    fs::copy_file(bench, dir / "bench" / "debug.json");
    CHECK_THROWS_WITH(
        run_dump_pair_compare({npu, dir / "bench" / "debug.json", std::nullopt}, csv_into(dir / "out"), pool),
        Catch::Contains("npu and bench must both be dump.json or both be debug.json"));
    testing::write_file(dir / "bench" / "dump.json", "{\"task\": ");
    CHECK_THROWS_AS(run_dump_pair_compare({npu, bench, std::nullopt}, csv_into(dir / "out"), pool), Error);
    CHECK(empty_or_missing(dir / "out"));
}

TEST_CASE("step directories: ranks paired in order, one result per rank, an unusable rank skipped",
          "[compare][compare_job]") {
    const fs::path dir = testing::scratch_dir("compare_job_steps");
    for (const char* rank : {"rank0", "rank1"}) {
        testing::write_small_dump(dir / "npu" / rank, kNpu);
        testing::write_small_dump(dir / "bench" / rank, kBench);
    }
    ThreadPool pool(2);
    const CompareSummary summary =
        run_step_dirs_compare({dir / "npu", dir / "bench"}, csv_into(dir / "out", true), pool);
    REQUIRE(summary.pairs.size() == 2);
    CHECK(summary.pairs[0].label == "rank0");
    CHECK(summary.pairs[1].label == "rank1");
    CHECK(summary.pairs[1].written.at(0).filename().string().starts_with("compare_result_rank1_"));
    CHECK(summary.failed_ranks == 0);

    testing::write_file(dir / "bench" / "rank1" / "dump.json", "not json");
    const CompareSummary skipped =
        run_step_dirs_compare({dir / "npu", dir / "bench"}, csv_into(dir / "out2", true), pool);
    CHECK(skipped.pairs.size() == 1);
    CHECK(skipped.failed_ranks == 1);

    testing::write_small_dump(dir / "bench" / "rank2", kBench);
    CHECK_THROWS_WITH(run_step_dirs_compare({dir / "npu", dir / "bench"}, csv_into(dir / "out3"), pool),
                      Catch::Contains("the number of ranks differs: npu has 2, bench has 3"));
    CHECK(empty_or_missing(dir / "out3"));
}
