// The legend of verdict indexes: three buckets and grey, as graph_visualize stores it.
#include <catch2/catch.hpp>

#include <cmath>
#include <optional>

#include <nlohmann/json.hpp>

#include "graph/graph_legend.hpp"
#include "graph/verdict_legend.hpp"

using namespace msprobe::graph;
using msprobe::compare::CompareMode;

TEST_CASE("verdict_legend: pass, warning and error indexes take the three colours", "[graph][legend]") {
    for (const auto mode : {CompareMode::Summary, CompareMode::Md5, CompareMode::All}) {
        CAPTURE(msprobe::compare::mode_name(mode));
        CHECK(verdict_legend_colour(mode, 0) == "#FFFCF3");
        CHECK(verdict_legend_colour(mode, 0.29) == "#FFFCF3");
        CHECK(verdict_legend_colour(mode, 0.3) == "#FFDC7F");
        CHECK(verdict_legend_colour(mode, 0.5) == "#FFDC7F");
        CHECK(verdict_legend_colour(mode, 0.6) == kWorstColour);
        CHECK(verdict_legend_colour(mode, 1) == kWorstColour);
        CHECK(verdict_legend_colour(mode, std::nan("")) == kWorstColour);
    }
    CHECK(verdict_legend_colour(std::nullopt, 1).empty());
}

TEST_CASE("verdict_legend: node_colors holds each bucket's range and level", "[graph][legend]") {
    const auto summary = nlohmann::ordered_json::parse(verdict_node_colors_json(CompareMode::Summary));
    REQUIRE(summary.size() == 4);
    CHECK(summary.begin().key() == "#FFFCF3");
    CHECK(summary["#FFFCF3"]["value"] == nlohmann::json::array({0, 0.3}));
    CHECK(summary["#FFFCF3"]["accuracy_level"] == "pass");
    CHECK(summary["#FFDC7F"]["value"] == nlohmann::json::array({0.3, 0.6}));
    CHECK(summary["#FFDC7F"]["accuracy_level"] == "warning");
    CHECK(summary["#FF704D"]["value"] == nlohmann::json::array({0.6, 1}));
    CHECK(summary["#FF704D"]["accuracy_level"] == "error");
    CHECK(summary["#C7C7C7"]["value"] == nlohmann::json::array());
    CHECK(summary["#C7C7C7"]["accuracy_level"] == "unmatched node");
    // Every bucket of statistics says the same; md5's pass bucket says the digests are equal, the others not.
    CHECK(summary["#FFFCF3"]["description"] == summary["#FF704D"]["description"]);
    const auto md5 = nlohmann::ordered_json::parse(verdict_node_colors_json(CompareMode::Md5));
    CHECK(md5["#FFFCF3"]["description"] != md5["#FF704D"]["description"]);
    CHECK(md5["#FFDC7F"]["description"] == md5["#FF704D"]["description"]);
    // The bucket a range starts at is the colour an index there takes.
    for (const auto& [colour, bucket] : summary.items()) {
        if (bucket["value"].empty()) continue;
        CHECK(verdict_legend_colour(CompareMode::Summary, bucket["value"][0].get<double>()) == colour);
    }
}

TEST_CASE("verdict_legend: a structure compare has the grey entry only", "[graph][legend]") {
    const auto structure = nlohmann::ordered_json::parse(verdict_node_colors_json(std::nullopt));
    REQUIRE(structure.size() == 1);
    CHECK(structure.begin().key() == kUnmatchedColour);
    CHECK(structure[std::string(kUnmatchedColour)]["accuracy_level"] == "unmatched node");
}
