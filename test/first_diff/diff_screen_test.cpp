// diff_analyze's end-of-run screen, read back from the analysis file
// (diff_analyze.md §6): per rank its first differing node (the first of its
// list) and the model's own frame of its stack, or no difference; the steps of
// dump roots named; the files written; an analysis file that cannot be read
// is refused by name.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "common/error.hpp"
#include "first_diff/diff_screen.hpp"
#include "support/file_text.hpp"
#include "support/input_refusal.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::first_diff;

namespace {

// rank_1's nodes: the first one's stack starts inside torch, the model's frame comes second.
const char* const kReport = R"J({
  "rank_1": [
    {"op_name": "Torch.mul.0.forward", "data_info": {"input": {}, "output": {}},
     "stack_info": ["File /usr/lib/python3/site-packages/torch/functional.py, line 5, in mul, \n return f(x)",
                    "File /home/user/model.py, line 10, in forward, \n y = op(x)"]},
    {"op_name": "Torch.add.0.forward", "data_info": {"input": {}, "output": {}}, "stack_info": null}
  ],
  "rank_3": [
    {"op_name": "Distributed.all_reduce.0.forward", "data_info": {"input": {}, "output": {}},
     "stack_info": ["File /opt/dist-packages/torch/distributed.py, line 2, in all_reduce, \n work()",
                    "File /opt/dist-packages/torch/other.py, line 3, in g, \n h()"]}
  ],
  "rank_4": [
    {"op_name": "Torch.bad\nname.0.forward", "data_info": {"input": {}, "output": {}}, "stack_info": null}
  ]
})J";

DiffAnalyzeSummary step_of(const std::string& step, const std::vector<std::pair<std::string, std::int64_t>>& ranks,
                           const std::optional<fs::path>& report) {
    DiffAnalyzeSummary summary;
    summary.step = step;
    for (const auto& [name, rank] : ranks) {
        summary.ranks.push_back({name, rank});
        summary.written.push_back(fs::path("/out") / step / ("compare_result_" + name + "_1.json"));
    }
    summary.found = report.has_value();
    summary.report = report;
    if (report) summary.written.push_back(*report);
    return summary;
}

}  // namespace

TEST_CASE("rank verdicts: the first node of each rank and the model's frame", "[first_diff][diff_screen]") {
    const fs::path report = testing::scratch_file("diff_screen_verdicts", "diff_analyze_1.json", kReport);
    const auto verdicts =
        rank_verdicts({step_of("", {{"rank", 0}, {"rank1", 1}, {"rank3", 3}, {"rank4", 4}}, report)});
    REQUIRE(verdicts.size() == 4);
    CHECK(verdicts[0].rank_name == "rank");
    CHECK_FALSE(verdicts[0].first_api.has_value());
    CHECK(verdicts[0].stack_frame.empty());
    CHECK(verdicts[1].rank_name == "rank1");
    CHECK(verdicts[1].first_api == "Torch.mul.0.forward");  // not the second node of the rank
    CHECK(verdicts[1].stack_frame == "File /home/user/model.py, line 10, in forward: y = op(x)");
    // Every frame inside installed packages: the first one.
    CHECK(verdicts[2].first_api == "Distributed.all_reduce.0.forward");
    CHECK(verdicts[2].stack_frame == "File /opt/dist-packages/torch/distributed.py, line 2, in all_reduce: work()");
    CHECK(verdicts[3].first_api == "Torch.bad\nname.0.forward");
    CHECK(verdicts[3].stack_frame.empty());  // stack_info null
}

TEST_CASE("rank verdicts: without an analysis file no rank differs", "[first_diff][diff_screen]") {
    const auto verdicts = rank_verdicts({step_of("", {{"rank0", 0}, {"rank1", 1}}, std::nullopt)});
    REQUIRE(verdicts.size() == 2);
    CHECK_FALSE(verdicts[0].first_api.has_value());
    CHECK_FALSE(verdicts[1].first_api.has_value());
}

TEST_CASE("rank verdicts: an analysis file that cannot be read is refused by name", "[first_diff][diff_screen]") {
    const fs::path dir = testing::scratch_dir("diff_screen_refused");
    CHECK(testing::refusal_reason(dir / "diff_analyze_2.json", [](const fs::path& missing) {
              rank_verdicts({step_of("", {{"rank0", 0}}, missing)});
          }) == "no such file");
    testing::write_file(dir / "diff_analyze_3.json", "{\"rank_0\": [");
    CHECK(testing::refusal_reason(dir / "diff_analyze_3.json", [](const fs::path& cut) {
              rank_verdicts({step_of("", {{"rank0", 0}}, cut)});
          }).starts_with("malformed JSON"));
}

TEST_CASE("diff screen: one step, its ranks and the files written", "[first_diff][diff_screen]") {
    const fs::path report = testing::scratch_file("diff_screen_text", "diff_analyze_1.json", kReport);
    const std::vector<DiffAnalyzeSummary> steps = {step_of("", {{"rank", 0}, {"rank1", 1}, {"rank4", 4}}, report)};
    CHECK(summary_text(diff_run_summary(rank_verdicts(steps), steps)) ==
          "Analysed 3 rank(s): 2 with a difference, 1 without.\n"
          "  rank: no difference\n"
          "  rank1: Torch.mul.0.forward\n"
          "  rank4: Torch.bad\\nname.0.forward\n"
          "First difference: Torch.mul.0.forward (rank1)\n"
          "  at File /home/user/model.py, line 10, in forward: y = op(x)\n"
          "Written:\n"
          "  /out/compare_result_rank_1.json\n"
          "  /out/compare_result_rank1_1.json\n"
          "  /out/compare_result_rank4_1.json\n"
          "  " + report.string() + "\n");
}

TEST_CASE("diff screen: no difference found", "[first_diff][diff_screen]") {
    const std::vector<DiffAnalyzeSummary> steps = {step_of("", {{"rank0", 0}}, std::nullopt)};
    CHECK(summary_text(diff_run_summary(rank_verdicts(steps), steps)) ==
          "Analysed 1 rank(s): 0 with a difference, 1 without.\n"
          "Written:\n"
          "  /out/compare_result_rank0_1.json\n");
}

TEST_CASE("diff screen: no step analysed says so, with nothing written", "[first_diff][diff_screen]") {
    CHECK(summary_text(diff_run_summary({}, {})) ==
          "Analysed 0 rank(s): 0 with a difference, 0 without.\nNo file written.\n");
}

TEST_CASE("diff screen: the steps of dump roots name their ranks", "[first_diff][diff_screen]") {
    const fs::path report = testing::scratch_file("diff_screen_steps", "diff_analyze_1.json", kReport);
    const std::vector<DiffAnalyzeSummary> steps = {step_of("step0", {{"rank0", 0}, {"rank1", 1}}, report),
                                                   step_of("step1", {{"rank0", 0}}, std::nullopt)};
    const auto verdicts = rank_verdicts(steps);
    REQUIRE(verdicts.size() == 3);
    CHECK(verdicts[2].rank_name == "step1/rank0");
    CHECK(summary_text(diff_run_summary(verdicts, steps)) ==
          "Analysed 3 rank(s) in 2 step(s): 1 with a difference, 2 without.\n"
          "  step0/rank0: no difference\n"
          "  step0/rank1: Torch.mul.0.forward\n"
          "  step1/rank0: no difference\n"
          "First difference: Torch.mul.0.forward (step0/rank1)\n"
          "  at File /home/user/model.py, line 10, in forward: y = op(x)\n"
          "Written:\n"
          "  /out/step0/compare_result_rank0_1.json\n"
          "  /out/step0/compare_result_rank1_1.json\n"
          "  " + report.string() + "\n"
          "  /out/step1/compare_result_rank0_1.json\n");
    // One step of a dump root is still named as a step.
    const std::vector<DiffAnalyzeSummary> one = {steps[1]};
    CHECK(summary_text(diff_run_summary(rank_verdicts(one), one))
              .starts_with("Analysed 1 rank(s) in 1 step(s): 0 with a difference, 1 without.\n"));
}
