// The run summary every subcommand ends with: its lines, what it leaves out,
// and the model frame of a stack.
#include <catch2/catch.hpp>

#include "common/run_summary.hpp"

using namespace msprobe;

namespace {

RunSummary headed(const char* verb, std::size_t total, const char* what) {
    RunSummary summary;
    summary.verb = verb;
    summary.total = {total, what};
    return summary;
}

}  // namespace

TEST_CASE("run summary: counts, parts, the first problem with its frame, notes and files", "[run_summary]") {
    RunSummary summary = headed("Checked", 54, "entries of 2 rank(s)");
    summary.counts = {{3, "anomalies"}};
    summary.parts = {{"rank0", {27, "entries"}, {{1, "anomalies"}}, {}},
                     {"rank1", {27, "entries"}, {{2, "anomalies"}}, {}}};
    summary.first_problem =
        SummaryProblem{"anomaly", "Torch.add.3.forward", "rank1", "origin", "File m.py, line 2, in f: y"};
    summary.notes = {"multi-rank: no anomaly node found"};
    summary.written = {"out/a.json", "out/a.csv"};
    CHECK(summary_text(summary) ==
          "Checked 54 entries of 2 rank(s): 3 anomalies.\n"
          "  rank0: 27 entries: 1 anomalies\n"
          "  rank1: 27 entries: 2 anomalies\n"
          "First anomaly: Torch.add.3.forward (rank1): origin\n"
          "  at File m.py, line 2, in f: y\n"
          "multi-rank: no anomaly node found\n"
          "Written:\n"
          "  out/a.json\n"
          "  out/a.csv\n");
}

TEST_CASE("run summary: a lone part is not repeated, and no files are said so", "[run_summary]") {
    RunSummary summary = headed("Built", 12, "nodes in 1 graph(s)");
    summary.parts = {{"rank0", {12, "nodes"}, {}, {}}};
    CHECK(summary_text(summary) == "Built 12 nodes in 1 graph(s).\nNo file written.\n");
    summary.says_nothing_written = false;
    CHECK(summary_text(summary) == "Built 12 nodes in 1 graph(s).\n");
}

TEST_CASE("run summary: a part said in words, a problem without detail or frame", "[run_summary]") {
    RunSummary summary = headed("Analysed", 2, "rank(s)");
    summary.counts = {{1, "with a difference"}, {1, "without"}};
    SummaryPart agreeing;
    agreeing.label = "rank0";
    agreeing.outcome = "no difference";
    SummaryPart differing;
    differing.label = "rank1";
    differing.outcome = "Torch.mul.0.forward";
    summary.parts = {agreeing, differing};
    summary.first_problem = SummaryProblem{"difference", "Torch.mul.0.forward", "", "", ""};
    summary.written = {"d.json"};
    CHECK(summary_text(summary) ==
          "Analysed 2 rank(s): 1 with a difference, 1 without.\n"
          "  rank0: no difference\n"
          "  rank1: Torch.mul.0.forward\n"
          "First difference: Torch.mul.0.forward\n"
          "Written:\n"
          "  d.json\n");
}

TEST_CASE("run summary: names and paths from the user's files stay on their line", "[run_summary]") {
    RunSummary summary = headed("Merged", 1, "files");
    summary.first_problem = SummaryProblem{"error", "a\nb", "", "x\ry", ""};
    summary.written = {"o/\nname.xlsx"};
    const std::string text = summary_text(summary);
    CHECK(text == "Merged 1 files.\nFirst error: a\\nb: x\\ry\nWritten:\n  o/\\nname.xlsx\n");
}

TEST_CASE("model frame: the first frame outside installed packages, on one line", "[run_summary]") {
    CHECK(model_frame({}).empty());
    CHECK(model_frame({"File /usr/lib/python3/site-packages/torch/nn.py, line 5, in f, \n y = g(x)",
                       "File /home/u/train.py, line 3, in main, \n loss = model(x)"}) ==
          "File /home/u/train.py, line 3, in main: loss = model(x)");
    // All frames in packages: the first one.
    CHECK(model_frame({"File /a/dist-packages/x.py, line 1, in f, \n a\nb"}) ==
          "File /a/dist-packages/x.py, line 1, in f: a b");
}
