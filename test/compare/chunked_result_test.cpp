// A pair's result made a chunk at a time is the result made whole: the same
// rows and fills (the -hl rules judge whole APIs, so chunks must end where an
// API's rows end), the same run-summary outcome and the same advice.
#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>
#include <string>

#include "common/thread_pool.hpp"
#include "compare/advisor.hpp"
#include "compare/chunked_result.hpp"
#include "compare/compare_pair.hpp"
#include "compare/highlight.hpp"
#include "compare/row_level.hpp"
#include "compare/run_summary.hpp"
#include "compare/streamed_pair.hpp"
#include "support/dump_generator.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::compare;

namespace {

PairInput generated_pair(const std::string& name, testing::DumpTask task, testing::SummaryMode summary) {
    const fs::path dir = testing::scratch_dir("chunked_result_" + name);
    testing::DumpPairOptions options;
    options.out = dir;
    options.apis = 120;
    options.task = task;
    options.summary_mode = summary;
    options.seed = 7;
    testing::generate_dump_pair(options);
    PairInput input;
    input.npu_json = dir / "npu/step0/rank/dump.json";
    input.bench_json = dir / "bench/step0/rank/dump.json";
    input.stack_json = dir / "npu/step0/rank/stack.json";  // the stack column too
    input.stack_json_for_summary = *input.stack_json;
    return input;
}

void check_chunked_equals_whole(const PairInput& input, bool expect_colours) {
    CompareOptions options;
    options.highlight = true;
    ThreadPool pool(1);
    const MatchedPair matched = match_pair(input, options, pool);
    const std::size_t n = matched.pairs.size();
    REQUIRE(n > 100);

    ResultTable whole = result_rows(matched, 0, n, options, pool);
    whole.stack = matched.stack;
    const HighlightVerdict judged = judge_highlight(whole, false);
    const PairOutcome expected =
        summarize_pair("rank0", whole, row_verdicts(whole, judged), input.stack_json_for_summary);
    apply_highlight(whole, judged);
    const Advice expected_advice = advise(whole);
    if (expect_colours) {
        // The generated differences light both colours and fail rows, so the chunks have something to keep apart.
        CHECK(std::count(whole.table.fills.begin(), whole.table.fills.end(), report::RowFill::Red) > 0);
        CHECK(std::count(whole.table.fills.begin(), whole.table.fills.end(), report::RowFill::Yellow) > 0);
        CHECK(expected_advice.line != "NA");
        REQUIRE(expected.first_problem);
        CHECK_FALSE(expected.first_problem->stack_frame.empty());
    }

    // Held whole, or read back from the files a chunk at a time (StreamedPair): the same result.
    for (const bool streamed : {false, true})
    for (std::size_t chunk_rows : {std::size_t{1}, std::size_t{5}, std::size_t{64}, std::size_t{1} << 20}) {
        CAPTURE(streamed, chunk_rows);
        HeldPairRows held(matched);
        std::optional<StreamedPair> streamed_pair;
        if (streamed) streamed_pair.emplace(input, pool);
        PairRows& pair_rows = streamed ? static_cast<PairRows&>(*streamed_pair) : held;
        ChunkedResult chunks(pair_rows, options, pool, false, true, chunk_rows);
        CHECK(chunks.header() == whole.table.header);
        REQUIRE(chunks.size() == n);
        CHECK(chunks.columns(0, n) == whole.table.header.size());
        std::size_t differing = 0;
        for (std::size_t r = 0; r < n; ++r) {
            if (!(chunks.row(r) == whole.table.rows[r]) || chunks.fill(r) != whole.table.fill_of(r)) ++differing;
        }
        CHECK(differing == 0);
        const PairOutcome outcome = chunks.outcome("rank0", input.stack_json_for_summary);
        CHECK(outcome.rows == expected.rows);
        CHECK(outcome.passed == expected.passed);
        CHECK(outcome.warnings == expected.warnings);
        CHECK(outcome.errors == expected.errors);
        REQUIRE(outcome.first_problem.has_value() == expected.first_problem.has_value());
        if (expected.first_problem) {
            CHECK(outcome.first_problem->npu_name == expected.first_problem->npu_name);
            CHECK(outcome.first_problem->level == expected.first_problem->level);
            CHECK(outcome.first_problem->reasons == expected.first_problem->reasons);
            CHECK(outcome.first_problem->stack_frame == expected.first_problem->stack_frame);
        }
        const Advice advice = chunks.advice();
        CHECK(advice.line == expected_advice.line);
        CHECK(advice.suspect_nodes == expected_advice.suspect_nodes);
        CHECK(advice.expert_advice == expected_advice.expert_advice);
    }
}

}  // namespace

TEST_CASE("a statistics result made in chunks is the result made whole", "[compare][chunked_result]") {
    check_chunked_equals_whole(generated_pair("statistics", testing::DumpTask::Statistics,
                                              testing::SummaryMode::Statistics),
                               true);
}

TEST_CASE("an md5 result made in chunks is the result made whole", "[compare][chunked_result]") {
    check_chunked_equals_whole(generated_pair("md5", testing::DumpTask::Statistics, testing::SummaryMode::Md5), false);
}

TEST_CASE("a real-data result made in chunks is the result made whole", "[compare][chunked_result]") {
    check_chunked_equals_whole(generated_pair("tensor", testing::DumpTask::Tensor, testing::SummaryMode::Statistics),
                               true);
}

TEST_CASE("a chunked result counts the rows no writer asked for", "[compare][chunked_result]") {
    const PairInput input =
        generated_pair("unasked", testing::DumpTask::Statistics, testing::SummaryMode::Statistics);
    CompareOptions options;
    ThreadPool pool(1);
    const MatchedPair matched = match_pair(input, options, pool);
    HeldPairRows held(matched);
    ChunkedResult chunks(held, options, pool, false, false, 16);
    (void)chunks.row(0);
    const PairOutcome outcome = chunks.outcome("", input.stack_json_for_summary);
    CHECK(outcome.rows == matched.pairs.size());
    CHECK(outcome.passed + outcome.warnings + outcome.errors == outcome.rows);
}
