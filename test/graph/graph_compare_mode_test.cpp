// Which comparison a graph pair gets, from the two dump.json headers: compare's mode, or none for structure-only dumps.
#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "common/error.hpp"
#include "graph/graph_compare_mode.hpp"

using namespace msprobe::graph;
using msprobe::compare::CompareMode;

namespace {

RankFolder folder(const std::string& task, bool digests = false, const std::string& framework = "pytorch") {
    RankFolder rank;
    rank.header.path = "/run/" + task + "/dump.json";
    rank.header.task = task;
    rank.header.has_digests = digests;
    rank.header.framework = framework;
    return rank;
}

std::string refusal(const RankFolder& npu, const RankFolder& bench, bool layer_mapping = false) {
    try {
        detect_graph_compare_mode(npu, bench, layer_mapping);
    } catch (const msprobe::Error& error) {
        return error.file() + ": " + error.reason();
    }
    return "no error";
}

}  // namespace

TEST_CASE("graph_compare_mode: statistics, md5, real data and structure", "[graph][mode]") {
    CHECK(detect_graph_compare_mode(folder("statistics"), folder("statistics"), false) == CompareMode::Summary);
    CHECK(detect_graph_compare_mode(folder("statistics", true), folder("statistics", true), false) == CompareMode::Md5);
    CHECK(detect_graph_compare_mode(folder("tensor"), folder("tensor"), false) == CompareMode::All);
    // Structure-only dumps have nothing to compare: no compare mode at all.
    CHECK_FALSE(detect_graph_compare_mode(folder("structure"), folder("structure"), false).has_value());
    CHECK_FALSE(detect_graph_compare_mode(folder("structure"), folder("structure"), true).has_value());
}

TEST_CASE("graph_compare_mode: tb_config's task names", "[graph][mode]") {
    CHECK(task_name(CompareMode::Summary) == "summary");
    CHECK(task_name(CompareMode::Md5) == "md5");
    CHECK(task_name(CompareMode::All) == "all");
    CHECK(task_name(std::nullopt) == "structure");
}

TEST_CASE("graph_compare_mode: tasks that disagree are refused, naming the bench dump", "[graph][mode]") {
    CHECK(refusal(folder("statistics"), folder("tensor")) ==
          "/run/tensor/dump.json: the dump task is not consistent: npu is 'statistics', bench is 'tensor'");
    CHECK(refusal(folder("statistics", true), folder("statistics")).find("the dump mode is not consistent") !=
          std::string::npos);
    CHECK(refusal(folder("structure"), folder("statistics")).find("not consistent") != std::string::npos);
}

TEST_CASE("graph_compare_mode: MindSpore against PyTorch needs the layer mapping", "[graph][mode]") {
    const RankFolder mindspore = folder("statistics", false, "mindspore");
    CHECK(refusal(mindspore, folder("statistics")).find("The cross_frame graph comparison failed") !=
          std::string::npos);
    CHECK(detect_graph_compare_mode(mindspore, folder("statistics"), true) == CompareMode::Summary);
    CHECK(detect_graph_compare_mode(folder("statistics"), mindspore, false) == CompareMode::Summary);
}
