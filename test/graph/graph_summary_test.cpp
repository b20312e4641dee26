// The graph run's summary: nodes per graph, the NPU nodes by the colour their
// precision index takes, the first API node of the worst colour with its frame.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "graph/graph_behaviour.hpp"
#include "graph/graph_legend.hpp"
#include "graph/graph_summary.hpp"
#include "graph_run.hpp"
#include "support/shared_fixtures.hpp"
#include "vis_db_query.hpp"

using namespace msprobe;
using namespace msprobe::graph;
using msprobe::compare::CompareMode;
namespace fs = std::filesystem;

namespace {

// Root → three APIs with these indexes (matched), and one unmatched API; the bench has a node for each partner.
struct ComparedPair {
    ModelGraph npu, bench;
    std::vector<std::string> frames{"File /usr/lib/python3/site-packages/torch/nn.py, line 5, in f, \n y = g(x)",
                                    "File /home/u/net.py, line 12, in forward, \n h = self.ln(x)"};

    ComparedPair(double a, double b, double c) {
        npu.root().partner = &bench.root();
        npu.root().precision = PrecisionIndex{0, true};
        const std::vector<std::pair<std::string, double>> apis = {
            {"Torch.a.0.forward", a}, {"Torch.b.0.forward", b}, {"Torch.c.0.forward", c}};
        for (const auto& [id, value] : apis) {
            GraphNode& api = npu.add(id, NodeKind::Api);
            attach(api, npu.root());
            GraphNode& partner = bench.add(id, NodeKind::Api);
            attach(partner, bench.root());
            api.partner = &partner;
            api.precision = PrecisionIndex{value, false};
            api.stack = &frames;
        }
        attach(npu.add("Torch.d.0.forward", NodeKind::Api), npu.root());
    }
};

}  // namespace

TEST_CASE("graph summary: a statistics compare by legend colour, the first worst node with its frame",
          "[graph][graph_summary]") {
    ComparedPair pair(0.1, 0.9, 0.95);
    GraphSummary tally(IndexKind::ModeMetric);
    tally.add({&pair.npu, &pair.bench, 0, CompareMode::Summary}, "rank0");
    CHECK(summary_text(tally.summary({"out/compare_1.vis.db"})) ==
          "Compared 5 nodes in 1 graph(s): 2 index in [0, 0.2), 2 index in [0.8, 1], 1 unmatched.\n"
          "First node of the worst colour: Torch.b.0.forward (rank0): precision index 0.9\n"
          "  at File /home/u/net.py, line 12, in forward: h = self.ln(x)\n"
          "Written:\n"
          "  out/compare_1.vis.db\n");
}

TEST_CASE("graph summary: verdict indexes count pass, warning and error per graph", "[graph][graph_summary]") {
    ComparedPair rank0(0, 0.5, 0);
    ComparedPair rank1(0, 0, 1);
    GraphSummary tally(IndexKind::Verdict);
    tally.add({&rank0.npu, &rank0.bench, 0, CompareMode::Summary}, "rank0");
    tally.add({&rank1.npu, &rank1.bench, 1, CompareMode::Summary}, "rank1");
    const RunSummary run = tally.summary({});
    CHECK(summary_text(run) ==
          "Compared 10 nodes in 2 graph(s): 6 pass, 1 warning, 1 error, 2 unmatched.\n"
          "  rank0: 5 nodes: 3 pass, 1 warning, 0 error, 1 unmatched\n"
          "  rank1: 5 nodes: 3 pass, 0 warning, 1 error, 1 unmatched\n"
          "First error: Torch.c.0.forward (rank1): precision index 1\n"
          "  at File /home/u/net.py, line 12, in forward: h = self.ln(x)\n"
          "No file written.\n");
}

TEST_CASE("graph summary: a build counts nodes per graph", "[graph][graph_summary]") {
    ModelGraph graph;
    attach(graph.add("Module.m.M.forward.0", NodeKind::Module), graph.root());
    GraphSummary tally(IndexKind::ModeMetric);
    tally.add({&graph, nullptr, 0, std::nullopt}, "rank0");
    CHECK(summary_text(tally.summary({"out/build_1.vis.db"})) ==
          "Built 2 nodes in 1 graph(s).\nWritten:\n  out/build_1.vis.db\n");
}

TEST_CASE("graph summary of a real compare: its counts are the database's, its first error one of its nodes",
          "[graph][graph_summary][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path dumps = *fixtures / "dumps/transformer_statistics_mix_gelu";
    const fs::path out = testing::scratch_dir("graph_summary_fixture");
    GraphOptions options;
    options.input = dumps / "npu/step0";
    options.run_input = RunInput{dumps / "npu/step0", dumps / "bench/step0", std::nullopt, std::nullopt};
    options.output_dir = out;
    options.behaviour = graph_visualize_behaviour();
    RunSummary summary;
    options.summary = &summary;
    const fs::path db = testing::run_graph(options);
    REQUIRE(summary.written == std::vector<fs::path>{db});
    const auto count = [&](const std::string& where) {
        // Row 0 is the header.
        return std::stoul(
            testing::query_rows(db, "SELECT count(*) FROM tb_nodes WHERE data_source = 'NPU'" + where).at(1).at(0));
    };
    CHECK(summary.total.value == count(""));
    REQUIRE(summary.counts.size() == 4);
    CHECK(summary.counts[1].what == "warning");
    CHECK(summary.counts[1].value == count(" AND precision_index >= 0.3 AND precision_index < 0.6"));
    CHECK(summary.counts[2].what == "error");
    CHECK(summary.counts[2].value == count(" AND precision_index >= 0.6"));
    CHECK(summary.counts[3].value == count(" AND matched_node_link = '[]'"));
    REQUIRE(summary.first_problem);
    CHECK(count(" AND precision_index >= 0.6 AND node_name = '" + summary.first_problem->name + "'") == 1);
    CHECK(summary.first_problem->model_line.starts_with("File /home/user/train/make_dumps.py, line "));
    fs::remove_all(out);
}

TEST_CASE("graph summary: legend colours named by what they stand for in each mode", "[graph][graph_summary]") {
    CHECK(legend_label(CompareMode::Summary, "#FFFCF3") == "index in [0, 0.2)");
    CHECK(legend_label(CompareMode::Summary, "#FFC62E") == "index in [0.6, 0.8)");
    CHECK(legend_label(CompareMode::Summary, "#FF704D") == "index in [0.8, 1]");
    CHECK(legend_label(CompareMode::All, "#FFEDBE") == "index in [0.05, 0.1)");
    CHECK(legend_label(CompareMode::All, "#FF704D") == "index in [0.2, 1]");
    CHECK(legend_label(CompareMode::Md5, "#FFFCF3") == "same md5");
    CHECK(legend_label(CompareMode::Md5, "#FF704D") == "md5 differs");
    CHECK(legend_label(std::nullopt, "#C7C7C7") == "#C7C7C7");
    // Every matched node's colour has a name.
    for (const auto mode : {CompareMode::Summary, CompareMode::All, CompareMode::Md5}) {
        for (const double index : {0.0, 0.07, 0.3, 0.5, 0.7, 0.9, 1.0}) {
            CHECK(legend_label(mode, legend_colour(mode, index)).rfind('#', 0) == std::string::npos);
        }
    }
}
