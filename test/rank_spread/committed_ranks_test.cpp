// The end of a spread directory compare: each process moves its staged files
// into place, then process 0's summary lists every rank's outcome in rank
// order (with the paths the files went to), the count of skipped ranks and
// every process's notes once; the other processes' summaries hold their own.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "common/process_group.hpp"
#include "rank_spread/committed_ranks.hpp"
#include "support/directory_names.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/threaded_processes.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::compare;

namespace {

// A rank's outcome whose one result file is staged (not yet in place).
PairOutcome staged_outcome(report::StagedFiles& staged, const fs::path& out, const std::string& label,
                           std::size_t errors) {
    PairOutcome outcome;
    outcome.label = label;
    outcome.rows = 4;
    outcome.errors = errors;
    outcome.passed = 4 - errors;
    if (errors > 0) outcome.first_problem = FirstProblem{label + ".api.output.0", RowLevel::Error, {"differs"}, ""};
    const fs::path target = out / ("compare_result_" + label + ".csv");
    staged.stage_text(target, label + "\n");
    outcome.written.push_back(target);
    return outcome;
}

std::vector<std::string> labels_of(const CompareSummary& summary) {
    std::vector<std::string> labels;
    for (const auto& pair : summary.pairs) labels.push_back(pair.label);
    return labels;
}

}  // namespace

TEST_CASE("commit_spread_ranks: one process places its files and lists its ranks in order",
          "[rank_spread][committed_ranks]") {
    const fs::path out = testing::scratch_dir("committed_ranks_single");
    testing::write_file(out / "compare_result_rank0.csv", "an earlier run's\n");
    report::StagedFiles staged;
    std::vector<std::optional<PairOutcome>> outcomes(4);
    outcomes[2] = staged_outcome(staged, out, "rank2", 0);
    outcomes[0] = staged_outcome(staged, out, "rank0", 1);
    CHECK_FALSE(fs::exists(out / "compare_result_rank2.csv"));  // staged only
    CompareSummary summary;
    summary.ignored_flags = {"-s has no effect"};
    commit_spread_ranks(single_process(), staged, outcomes, {1, 3}, summary);

    CHECK(labels_of(summary) == std::vector<std::string>{"rank0", "rank2"});
    CHECK(summary.failed_ranks == 2);
    CHECK(summary.ignored_flags == std::vector<std::string>{"-s has no effect"});
    // The name an earlier run took goes to the new file's next free name, and the summary says so.
    REQUIRE(summary.pairs[0].written.size() == 1);
    CHECK(summary.pairs[0].written[0] == out / "compare_result_rank0_1.csv");
    CHECK(summary.pairs[1].written[0] == out / "compare_result_rank2.csv");
    CHECK(testing::read_file_text(out / "compare_result_rank0.csv") == "an earlier run's\n");
    CHECK(testing::read_file_text(out / "compare_result_rank0_1.csv") == "rank0\n");
    CHECK(testing::names_in(out) == std::vector<std::string>{"compare_result_rank0.csv", "compare_result_rank0_1.csv",
                                                            "compare_result_rank2.csv"});
    REQUIRE(summary.pairs[0].first_problem.has_value());
    CHECK(summary.pairs[0].first_problem->npu_name == "rank0.api.output.0");
    CHECK(summary.errors() == 1);
}

TEST_CASE("commit_spread_ranks: process 0 learns every rank of every process", "[rank_spread][committed_ranks]") {
    const fs::path out = testing::scratch_dir("committed_ranks_spread");
    testing::write_file(out / "compare_result_rank1.csv", "an earlier run's\n");
    testing::ThreadedProcesses processes(2);
    std::vector<CompareSummary> summaries(2);
    const auto failures = processes.run([&](ProcessGroup& process) {
        const std::size_t p = process.index();
        report::StagedFiles staged;
        std::vector<std::optional<PairOutcome>> outcomes(4);
        std::vector<std::size_t> skipped;
        CompareSummary& summary = summaries[p];
        if (p == 0) {
            outcomes[0] = staged_outcome(staged, out, "rank0", 0);
            outcomes[2] = staged_outcome(staged, out, "rank2", 2);
            summary.ignored_flags = {"-hl has no effect"};
        } else {
            outcomes[1] = staged_outcome(staged, out, "rank1", 3);
            skipped = {3};
            summary.ignored_flags = {"-hl has no effect", "-s has no effect"};
        }
        commit_spread_ranks(process, staged, outcomes, skipped, summary);
    });
    for (const auto& failure : failures) CHECK_FALSE(failure);

    const CompareSummary& first = summaries[0];
    CHECK(labels_of(first) == std::vector<std::string>{"rank0", "rank1", "rank2"});
    CHECK(first.failed_ranks == 1);
    CHECK(first.ignored_flags == std::vector<std::string>{"-hl has no effect", "-s has no effect"});
    CHECK(first.rows() == 12);
    CHECK(first.errors() == 5);
    // rank1's file was placed by process 1, beside the earlier run's namesake.
    REQUIRE(first.pairs[1].written.size() == 1);
    CHECK(first.pairs[1].written[0] == out / "compare_result_rank1_1.csv");
    REQUIRE(first.pairs[1].first_problem.has_value());
    CHECK(first.pairs[1].first_problem->npu_name == "rank1.api.output.0");
    CHECK(first.pairs[1].first_problem->reasons == std::vector<std::string>{"differs"});
    CHECK_FALSE(first.pairs[0].first_problem.has_value());

    const CompareSummary& second = summaries[1];
    CHECK(labels_of(second) == std::vector<std::string>{"rank1"});
    CHECK(second.failed_ranks == 1);
    CHECK(second.ignored_flags == std::vector<std::string>{"-hl has no effect", "-s has no effect"});
    CHECK(testing::names_in(out) == std::vector<std::string>{"compare_result_rank0.csv", "compare_result_rank1.csv",
                                                            "compare_result_rank1_1.csv", "compare_result_rank2.csv"});
    CHECK(testing::read_file_text(out / "compare_result_rank1_1.csv") == "rank1\n");
}
