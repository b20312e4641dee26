// The legend of metric indexes (msprobe's graph): five buckets per mode, two for md5, and the tool tips.
#include <catch2/catch.hpp>

#include <cmath>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "graph/graph_legend.hpp"

using namespace msprobe::graph;
using msprobe::compare::CompareMode;

TEST_CASE("graph_legend: statistics and real-data indexes fall in left-closed buckets", "[graph][legend]") {
    CHECK(legend_colour(CompareMode::Summary, 0) == "#FFFCF3");
    CHECK(legend_colour(CompareMode::Summary, 0.19) == "#FFFCF3");
    CHECK(legend_colour(CompareMode::Summary, 0.2) == "#FFEDBE");
    CHECK(legend_colour(CompareMode::Summary, 0.4) == "#FFDC7F");
    CHECK(legend_colour(CompareMode::Summary, 0.6) == "#FFC62E");
    CHECK(legend_colour(CompareMode::Summary, 0.8) == kWorstColour);
    CHECK(legend_colour(CompareMode::Summary, 1) == kWorstColour);
    CHECK(legend_colour(CompareMode::Summary, std::nan("")) == kWorstColour);

    CHECK(legend_colour(CompareMode::All, 0.049) == "#FFFCF3");
    CHECK(legend_colour(CompareMode::All, 0.05) == "#FFEDBE");
    CHECK(legend_colour(CompareMode::All, 0.15) == "#FFC62E");
    CHECK(legend_colour(CompareMode::All, 0.2) == kWorstColour);
}

TEST_CASE("graph_legend: md5 is 1 for equal digests, a structure compare colours nothing", "[graph][legend]") {
    CHECK(legend_colour(CompareMode::Md5, 1) == "#FFFCF3");
    CHECK(legend_colour(CompareMode::Md5, 0) == kWorstColour);
    CHECK(legend_colour(std::nullopt, 0).empty());
}

TEST_CASE("graph_legend: node_colors lists the buckets legend_colour uses, grey last", "[graph][legend]") {
    for (const auto mode : {CompareMode::Summary, CompareMode::Md5, CompareMode::All}) {
        CAPTURE(msprobe::compare::mode_name(mode));
        const auto colours = nlohmann::ordered_json::parse(node_colors_json(mode));
        CHECK(colours.size() == (mode == CompareMode::Md5 ? 3U : 6U));
        CHECK(colours.items().begin().key() == "#FFFCF3");
        std::string last;
        for (const auto& [colour, bucket] : colours.items()) {
            last = colour;
            if (bucket["value"].empty()) continue;
            CHECK(legend_colour(mode, bucket["value"][0].get<double>()) == colour);
        }
        CHECK(last == kUnmatchedColour);
    }
    const auto md5 = nlohmann::ordered_json::parse(node_colors_json(CompareMode::Md5));
    CHECK(md5["#FFFCF3"]["value"] == nlohmann::json::array({1, 1}));
    CHECK(md5["#FF704D"]["value"] == nlohmann::json::array({0, 0}));
    const auto structure = nlohmann::ordered_json::parse(node_colors_json(std::nullopt));
    REQUIRE(structure.size() == 1);
    CHECK(structure.begin().key() == kUnmatchedColour);
}

TEST_CASE("graph_legend: the tool tip explains the mode's metric columns", "[graph][legend]") {
    const auto keys = [](std::optional<CompareMode> mode) {
        std::vector<std::string> names;
        const auto tips = nlohmann::ordered_json::parse(tool_tip_json(mode));
        for (const auto& [key, text] : tips.items()) {
            CHECK_FALSE(text.get<std::string>().empty());
            names.push_back(key);
        }
        return names;
    };
    const std::vector<std::string> statistics = {"Max diff", "Min diff", "Mean diff", "L2norm diff"};
    CHECK(keys(CompareMode::Summary) == statistics);
    CHECK(keys(CompareMode::Md5) == std::vector<std::string>{"md5"});
    const std::vector<std::string> real_data = {"One Thousandth Err Ratio", "Five Thousandths Err Ratio", "Cosine",
                                                "MaxAbsErr", "MaxRelativeErr"};
    CHECK(keys(CompareMode::All) == real_data);
    CHECK(keys(std::nullopt) == real_data);
}
