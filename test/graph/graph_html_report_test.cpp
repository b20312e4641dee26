// graph --html's page: per graph a section whose tree is the module tree in post order (ids carrying the section's
// label), each node with its index and the colour of the chosen legend, whose table lists the compared nodes with
// their levels; the page appears only when its staging is committed.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/error.hpp"
#include "compare/compare_mode.hpp"
#include "graph/graph_html_report.hpp"
#include "graph/model_graph.hpp"
#include "report/output_file.hpp"
#include "support/file_text.hpp"
#include "support/html_report_page.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::graph;
using nlohmann::json;

namespace {

// The compare modes of the pages below; the only spot that names the type.
using Mode = msprobe::compare::CompareMode;

constexpr const char* kLayer = "Module.layer.Layer.forward.0";
constexpr const char* kAdd = "Torch.add.0.forward";
constexpr const char* kMul = "Torch.mul.0.forward";
constexpr const char* kSub = "Torch.sub.0.forward";
constexpr const char* kDiv = "Torch.div.0.forward";
constexpr const char* kApis = "Apis_Between_Modules.0";

// DefaultModel > layer > {add, mul, sub}; DefaultModel > Apis_Between_Modules.0 > div.
// Post order: add, mul, sub, layer, div, Apis_Between_Modules.0, DefaultModel.
ModelGraph npu_tree() {
    ModelGraph graph;
    GraphNode& layer = graph.add(kLayer, NodeKind::Module);
    GraphNode& apis = graph.add(kApis, NodeKind::ApiCollection);
    attach(layer, graph.root());
    attach(apis, graph.root());
    for (const char* id : {kAdd, kMul, kSub}) attach(graph.add(id, NodeKind::Api), layer);
    attach(graph.add(kDiv, NodeKind::Api), apis);
    return graph;
}

// The NPU tree matched with `bench` (div and the collection stay unmatched), mul with a namesake of another number.
void match(ModelGraph& npu, ModelGraph& bench) {
    npu.root().partner = &bench.root();
    for (const char* id : {kLayer, kAdd, kSub}) npu.find(id)->partner = &bench.add(id, NodeKind::Module);
    npu.find(kMul)->partner = &bench.add("Torch.mul.1.forward", NodeKind::Api);
}

void set_index(ModelGraph& graph, const std::string& id, double value, bool is_integer = false) {
    graph.find(id)->precision = PrecisionIndex{value, is_integer};
}

std::size_t entries_in(const fs::path& dir) {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator{}));
}

// The page's data element, written through a committed staging.
json committed_page(GraphHtmlReport& report, const fs::path& target) {
    msprobe::report::StagedFiles staged;
    report.stage(staged);
    staged.commit();
    return msprobe::testing::embedded_report_data(msprobe::testing::read_file_text(target));
}

// The tree node named `name` of a section.
json tree_node(const json& section, const std::string& name) {
    for (const auto& node : section["tree"]) {
        if (node[2] == name) return node;
    }
    FAIL("no tree node " << name);
    return {};
}

// The page of the matched tree with `indexes` (id, stored index) compared in `mode`, indexes of `kind`.
json compare_page(const std::string& name, IndexKind kind, Mode mode,
                  const std::vector<std::pair<std::string, double>>& indexes) {
    ModelGraph npu = npu_tree();
    ModelGraph bench;
    match(npu, bench);
    for (const auto& [id, value] : indexes) set_index(npu, id, value, value == 0 || value == 1);
    const fs::path target = msprobe::testing::scratch_dir(name) / "report.html";
    GraphHtmlReport report(target, kind);
    report.add_compare(npu, mode, "rank0");
    return committed_page(report, target)["sections"][0];
}

}  // namespace

TEST_CASE("graph_html_report: a build's sections hold the module tree in post order, without index or colour",
          "[graph][graph_html_report]") {
    const fs::path target = msprobe::testing::scratch_dir("graph_html_report_build") / "build.html";
    ModelGraph graph = npu_tree();
    set_index(graph, kAdd, 0.9);  // a build shows no index, whatever a node holds
    GraphHtmlReport report(target);
    report.add_build(graph, "step1/rank1");
    report.add_build(graph, "step1/rank0");
    const std::string page = [&] {
        msprobe::report::StagedFiles staged;
        report.stage(staged);
        staged.commit();
        return msprobe::testing::read_file_text(target);
    }();
    CHECK(page.find("<title>msprobe graph report</title>") != std::string::npos);
    const json data = msprobe::testing::embedded_report_data(page);
    CHECK(data["title"] == "msprobe graph report");
    REQUIRE(data["sections"].size() == 2);
    for (const char* label_text : {"step1/rank0", "step1/rank1"}) {
        const std::string label = label_text;
        const json& section = data["sections"][label == "step1/rank0" ? 0 : 1];
        CHECK(section["label"] == label);
        CHECK(section["columns"] == json::array({"NPU Name", "Bench Name", "Node Type", "Precision Index", "Colour"}));
        CHECK(section["metrics"] == json::array({3}));
        CHECK(section["rows"].empty());
        CHECK(section["total"] == 0);
        CHECK(section["firstProblem"].is_null());
        // Every rank has a DefaultModel: the ids carry the label, the names do not.
        const std::string l = label + "/";
        CHECK(section["tree"] == json::array({json::array({l + kAdd, l + kLayer, kAdd, nullptr, ""}),
                                              json::array({l + kMul, l + kLayer, kMul, nullptr, ""}),
                                              json::array({l + kSub, l + kLayer, kSub, nullptr, ""}),
                                              json::array({l + kLayer, l + "DefaultModel", kLayer, nullptr, ""}),
                                              json::array({l + kDiv, l + kApis, kDiv, nullptr, ""}),
                                              json::array({l + kApis, l + "DefaultModel", kApis, nullptr, ""}),
                                              json::array({l + "DefaultModel", label, "DefaultModel", nullptr, ""}),
                                              json::array({label, "", label, nullptr, ""})}));
        CHECK(section["treeTotal"] == 8);
    }
}

TEST_CASE(
    "graph_html_report: a summary compare colours by the five buckets, red an error, the two before it "
    "a warning",
    "[graph][graph_html_report]") {
    // Spec graph.md §5's summary buckets: [0, 0.2) [0.2, 0.4) [0.4, 0.6) [0.6, 0.8) [0.8, 1].
    const json section = compare_page("graph_html_report_summary", IndexKind::ModeMetric, Mode::Summary,
                                      {{kAdd, 0.1}, {kMul, 0.5}, {kSub, 0.9}, {kLayer, 0.7}, {kApis, 0.3}});
    const std::string l = "rank0/";
    CHECK(section["tree"] == json::array({json::array({l + kAdd, l + kLayer, kAdd, 0.1, "#FFFCF3", 0}),
                                          json::array({l + kMul, l + kLayer, kMul, 0.5, "#FFDC7F", 1}),
                                          json::array({l + kSub, l + kLayer, kSub, 0.9, "#FF704D", 2}),
                                          json::array({l + kLayer, l + "DefaultModel", kLayer, 0.7, "#FFC62E", 1}),
                                          // unmatched: grey, no index, no level
                                          json::array({l + kDiv, l + kApis, kDiv, nullptr, "#C7C7C7"}),
                                          json::array({l + kApis, l + "DefaultModel", kApis, 0.3, "#FFEDBE", 0}),
                                          // matched without data: no index, no colour
                                          json::array({l + "DefaultModel", "rank0", "DefaultModel", nullptr, ""}),
                                          json::array({"rank0", "", "rank0", nullptr, ""})}));
    // One row per node with an index, in node order: the partner's name ("" for none), the kind, the stored index.
    CHECK(section["rows"] == json::array({json::array({0, kAdd, kAdd, "api", 0.1, "#FFFCF3"}),
                                          json::array({1, kMul, "Torch.mul.1.forward", "api", 0.5, "#FFDC7F"}),
                                          json::array({2, kSub, kSub, "api", 0.9, "#FF704D"}),
                                          json::array({1, kLayer, kLayer, "module", 0.7, "#FFC62E"}),
                                          json::array({0, kApis, "", "api collection", 0.3, "#FFEDBE"})}));
    CHECK(section["total"] == 5);
    CHECK(section["firstProblem"] == 2);  // sub, the first error, though a warning comes before it
    CHECK(section["firstProblemLevel"] == "error");
}

TEST_CASE("graph_html_report: md5's metric is turned round on the page, a verdict index takes the three-colour legend",
          "[graph][graph_html_report]") {
    // md5's metric: 1 for equal digests (light), 0 for different ones (red); the page's index grows with the error.
    const json md5 = compare_page("graph_html_report_md5", IndexKind::ModeMetric, Mode::Md5, {{kAdd, 1}, {kMul, 0}});
    CHECK(tree_node(md5, kAdd) ==
          json::array({"rank0/" + std::string(kAdd), "rank0/" + std::string(kLayer), kAdd, 0, "#FFFCF3", 0}));
    CHECK(tree_node(md5, kMul) ==
          json::array({"rank0/" + std::string(kMul), "rank0/" + std::string(kLayer), kMul, 1, "#FF704D", 2}));
    CHECK(tree_node(md5, kSub)[4] == "");  // matched, no index: no colour
    // The table keeps the index as stored.
    CHECK(md5["rows"] == json::array({json::array({0, kAdd, kAdd, "api", 1, "#FFFCF3"}),
                                      json::array({2, kMul, "Torch.mul.1.forward", "api", 0, "#FF704D"})}));
    CHECK(md5["firstProblem"] == 1);

    // Verdicts (pass 0, warning 0.5, error 1) grow with the error already, even in an md5 compare.
    const json verdicts =
        compare_page("graph_html_report_verdicts", IndexKind::Verdict, Mode::Md5, {{kAdd, 0}, {kMul, 0.5}, {kSub, 1}});
    CHECK(verdicts["rows"] == json::array({json::array({0, kAdd, kAdd, "api", 0, "#FFFCF3"}),
                                           json::array({1, kMul, "Torch.mul.1.forward", "api", 0.5, "#FFDC7F"}),
                                           json::array({2, kSub, kSub, "api", 1, "#FF704D"})}));
    CHECK(tree_node(verdicts, kAdd)[3] == 0);
    CHECK(tree_node(verdicts, kMul)[3] == 0.5);
    CHECK(tree_node(verdicts, kSub)[3] == 1);
    CHECK(tree_node(verdicts, kSub)[5] == 2);
    CHECK(verdicts["firstProblem"] == 2);
    CHECK(verdicts["firstProblemLevel"] == "error");
}

TEST_CASE("graph_html_report: the page appears only when committed, replacing a file of its name",
          "[graph][graph_html_report]") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_html_report_staging");
    const fs::path target = dir / "report.html";
    msprobe::testing::write_file(target, "an earlier page");
    const ModelGraph graph = npu_tree();
    GraphHtmlReport report(target);
    report.add_build(graph, "rank0");
    CHECK(entries_in(dir) == 1);  // adding writes nothing beside the target
    {
        msprobe::report::StagedFiles staged;
        report.stage(staged);
        CHECK(msprobe::testing::read_file_text(target) == "an earlier page");
        CHECK(entries_in(dir) == 2);  // the staged page, hidden beside its target
    }                                 // not committed: the staged page is gone
    CHECK(entries_in(dir) == 1);
    CHECK(msprobe::testing::read_file_text(target) == "an earlier page");

    // Committed among results that keep both files of a name, the page still replaces its namesake.
    msprobe::report::StagedFiles staged(msprobe::report::Existing::KeepBoth);
    report.stage(staged);
    CHECK(staged.commit() == std::vector<fs::path>{target});
    CHECK(entries_in(dir) == 1);
    const json data = msprobe::testing::embedded_report_data(msprobe::testing::read_file_text(target));
    CHECK(data["sections"][0]["label"] == "rank0");
    CHECK(data["sections"][0]["treeTotal"] == 8);
}

TEST_CASE("graph_html_report: a folder or the run's output folder is refused, naming the target",
          "[graph][graph_html_report]") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_html_report_refused");
    const auto refusal = [](const fs::path& target, const msprobe::html_report::RunPaths& run) -> std::string {
        try {
            GraphHtmlReport report(target, IndexKind::ModeMetric, run);
        } catch (const msprobe::Error& e) {
            CHECK(e.file() == target.string());
            return e.reason();
        }
        return "";
    };
    CHECK(refusal(dir, {}) == "--html names the report file to write, not a directory");
    CHECK(refusal(dir / "out", {dir / "out", {}}) == "--html names the output folder; name a file for the report");
    CHECK(refusal(dir / "report.html", {dir / "out", {}}).empty());
    CHECK(entries_in(dir) == 0);
}
