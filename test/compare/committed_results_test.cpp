// The end of every compare flavour: staged result files moved into place
// together, and the summary's paths rewritten to where they went.
#include <catch2/catch.hpp>

#include "compare/committed_results.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::compare;

TEST_CASE("commit_results places every staged file and names the places in the summary",
          "[compare][committed_results]") {
    const fs::path out = testing::scratch_dir("committed_results");
    const fs::path taken = out / "compare_result_rank0.csv";
    testing::write_file(taken, "an earlier run\n");

    report::StagedFiles staged;
    CompareSummary summary;
    PairOutcome rank0;
    rank0.label = "rank0";
    rank0.written = {taken, out / "advisor_rank0.txt", out / "data_mapping_1.yaml"};
    PairOutcome rank1;
    rank1.label = "rank1";
    rank1.written = {out / "compare_result_rank1.csv"};
    PairOutcome empty;  // a pair that matched nothing wrote nothing
    summary.pairs = {rank0, rank1, empty};
    for (const auto& pair : summary.pairs) {
        for (const auto& path : pair.written) staged.stage_text(path, path.filename().string() + "\n");
    }
    CHECK_FALSE(fs::exists(out / "advisor_rank0.txt"));  // nothing appears before the commit

    commit_results(staged, summary);
    const auto& placed = summary.pairs[0].written;
    REQUIRE(placed.size() == 3);
    CHECK(placed[0] != taken);  // the taken name got another one
    CHECK(placed[0].parent_path() == out);
    CHECK(testing::read_file_text(placed[0]) == "compare_result_rank0.csv\n");
    CHECK(testing::read_file_text(taken) == "an earlier run\n");
    CHECK(placed[1] == out / "advisor_rank0.txt");
    CHECK(testing::read_file_text(placed[2]) == "data_mapping_1.yaml\n");
    CHECK(summary.pairs[1].written == std::vector<fs::path>{out / "compare_result_rank1.csv"});
    CHECK(fs::exists(out / "compare_result_rank1.csv"));
    CHECK(summary.pairs[2].written.empty());
    CHECK(summary.written().size() == 4);
}
