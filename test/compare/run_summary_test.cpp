// The compare's summary: counts per pair, the first problem row with its
// model frame, --fail-on and the run summary it makes.
#include <catch2/catch.hpp>

#include "compare/run_summary.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::compare;

namespace {

RowVerdict verdict(RowLevel level, std::vector<std::string> reasons = {}) { return {level, std::move(reasons)}; }

// Rows named after their APIs' entries: row i belongs to api_names[apis[i]].
ResultTable table_of(std::vector<std::string> api_names, const std::vector<std::uint32_t>& apis) {
    ResultTable result;
    result.table.header = {"NPU Name"};
    for (auto api : apis) {
        result.table.rows.push_back({report::Cell(api_names[api] + ".output.0")});
        result.api_index.push_back(api);
        result.states.push_back(dump::RowState::Output);
    }
    result.set_api_names(std::move(api_names));
    return result;
}

}  // namespace

TEST_CASE("summarize_pair counts levels and picks the first error over earlier warnings", "[run_summary]") {
    const auto result = table_of({"Functional.a.0.forward", "Functional.b.0.forward"}, {0, 0, 1, 1});
    const std::vector<RowVerdict> verdicts = {verdict(RowLevel::Pass), verdict(RowLevel::Warning, {"w"}),
                                              verdict(RowLevel::Error, {"e1", "e2"}), verdict(RowLevel::Error, {"e3"})};
    const auto outcome = summarize_pair("rank1", result, verdicts, {});
    CHECK(outcome.label == "rank1");
    CHECK(outcome.rows == 4);
    CHECK(outcome.passed == 1);
    CHECK(outcome.warnings == 1);
    CHECK(outcome.errors == 2);
    REQUIRE(outcome.first_problem);
    CHECK(outcome.first_problem->npu_name == "Functional.b.0.forward.output.0");
    CHECK(outcome.first_problem->level == RowLevel::Error);
    CHECK(outcome.first_problem->reasons == std::vector<std::string>{"e1", "e2"});
    CHECK(outcome.first_problem->stack_frame.empty());

    const auto warnings_only = summarize_pair(
        "", result,
        {verdict(RowLevel::Pass), verdict(RowLevel::Pass), verdict(RowLevel::Warning, {"w"}), verdict(RowLevel::Pass)},
        {});
    REQUIRE(warnings_only.first_problem);
    CHECK(warnings_only.first_problem->level == RowLevel::Warning);
    CHECK(warnings_only.first_problem->npu_name == "Functional.b.0.forward.output.0");

    const auto clean = summarize_pair("", table_of({"x"}, {0}), {verdict(RowLevel::Pass)}, {});
    CHECK_FALSE(clean.first_problem);
}

TEST_CASE("summarize_pair: a backward problem takes its forward call's frame", "[run_summary]") {
    const auto stack_json = testing::scratch_file(
        "run_summary_stack", "stack.json",
        R"json({"Functional.a.0.forward": ["File /home/u/train.py, line 9, in step, \n out = a(x)"]})json");
    const auto result = table_of({"Functional.a.0.backward"}, {0});
    const auto outcome = summarize_pair("", result, {verdict(RowLevel::Error, {"e"})}, stack_json);
    REQUIRE(outcome.first_problem);
    CHECK(outcome.first_problem->stack_frame == "File /home/u/train.py, line 9, in step: out = a(x)");
    // A broken stack.json leaves the frame empty.
    const auto broken = testing::scratch_file("run_summary_broken", "stack.json", "{");
    CHECK(summarize_pair("", result, {verdict(RowLevel::Error)}, broken).first_problem->stack_frame.empty());
}

TEST_CASE("totals over the pairs", "[run_summary]") {
    CompareSummary summary;
    PairOutcome a;
    a.rows = 3, a.passed = 2, a.warnings = 1, a.written = {"a.xlsx"};
    PairOutcome b;
    b.rows = 2, b.passed = 2, b.written = {"b.xlsx", "b.txt"};
    summary.pairs = {a, b};
    CHECK(summary.rows() == 5);
    CHECK(summary.warnings() == 1);
    CHECK(summary.errors() == 0);
    CHECK(summary.written() == std::vector<std::filesystem::path>{"a.xlsx", "b.xlsx", "b.txt"});
    summary.pairs[1].errors = 1;
    CHECK(summary.errors() == 1);
}

TEST_CASE("summary text of one pair", "[run_summary]") {
    CompareSummary summary;
    PairOutcome pair;
    pair.rows = 4, pair.passed = 3, pair.warnings = 1;
    pair.first_problem =
        FirstProblem{"Functional.a.0.forward.output.0", RowLevel::Warning, {"w1", "w2"}, "File t.py, line 1, in f: y"};
    pair.written = {"/out/compare_result.xlsx"};
    summary.pairs = {pair};
    CHECK(summary_text(run_summary(summary)) ==
          "Compared 4 rows: 3 pass, 1 warning, 0 error.\n"
          "First warning: Functional.a.0.forward.output.0: w1; w2\n"
          "  at File t.py, line 1, in f: y\n"
          "Written:\n"
          "  /out/compare_result.xlsx\n");
}

TEST_CASE("summary text: rows without a verdict are counted as not judged, and only when there are some",
          "[run_summary]") {
    CompareSummary summary;
    PairOutcome rank0;
    rank0.label = "rank0", rank0.rows = 3, rank0.passed = 1, rank0.unjudged = 2;
    PairOutcome rank1;
    rank1.label = "rank1", rank1.rows = 1, rank1.passed = 1;
    summary.pairs = {rank0, rank1};
    CHECK(summary_text(run_summary(summary)) ==
          "Compared 4 rows: 2 pass, 0 warning, 0 error, 2 not judged.\n"
          "  rank0: 3 rows: 1 pass, 0 warning, 0 error, 2 not judged\n"
          "  rank1: 1 rows: 1 pass, 0 warning, 0 error\n"
          "No file written.\n");
}

TEST_CASE("summary text of ranks: an error anywhere is named before earlier warnings", "[run_summary]") {
    CompareSummary summary;
    PairOutcome rank0;
    rank0.label = "rank0", rank0.rows = 2, rank0.passed = 1, rank0.warnings = 1;
    rank0.first_problem = FirstProblem{"A.output.0", RowLevel::Warning, {"w"}, ""};
    PairOutcome rank1;
    rank1.label = "rank1", rank1.rows = 2, rank1.passed = 1, rank1.errors = 1;
    rank1.first_problem = FirstProblem{"B\nname", RowLevel::Error, {"e"}, ""};
    summary.pairs = {rank0, rank1};
    summary.failed_ranks = 2;
    CHECK(summary_text(run_summary(summary)) ==
          "Compared 4 rows: 2 pass, 1 warning, 1 error.\n"
          "  rank0: 2 rows: 1 pass, 1 warning, 0 error\n"
          "  rank1: 2 rows: 1 pass, 0 warning, 1 error\n"
          "First error: B\\nname (rank1): e\n"
          "2 rank(s) could not be compared.\n"
          "No file written.\n");
}
