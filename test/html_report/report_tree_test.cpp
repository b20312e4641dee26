// The tree section's node and August msprobe's legend (graph spec, the August
// release: pass → 0, warning → 0.5, error → 1; #FFFCF3 [0, 0.3] pass,
// #FFDC7F [0.3, 0.6] warning, #FF704D [0.6, 1] error, #C7C7C7 unmatched).
#include "html_report/report_tree.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace msprobe::html_report;

TEST_CASE("report tree: a node is uncompared and judged by the page unless told", "[html_report][report_tree]") {
    const TreeNode node{"Module.layer1.0", "Module", "layer1", std::nullopt, ""};
    CHECK_FALSE(node.precision.has_value());
    CHECK_FALSE(node.level.has_value());
    CHECK(node.colour.empty());
    const TreeNode judged{"a", "", "a", 0.5, kWarningColour, Level::Warning};
    CHECK(judged.level == Level::Warning);
    CHECK(judged.parent.empty());  // a root
}

TEST_CASE("report tree: levels order from pass to error", "[html_report][report_tree]") {
    CHECK(Level::Pass < Level::Warning);
    CHECK(Level::Warning < Level::Error);
    CHECK(static_cast<int>(Level::Error) == 2);  // the page's script reads the number
}

TEST_CASE("report tree: each verdict's index lies in its colour's range of the legend", "[html_report][report_tree]") {
    CHECK(kPassIndex == 0.0);
    CHECK(kWarningIndex == 0.5);
    CHECK(kErrorIndex == 1.0);
    CHECK((kPassIndex >= 0.0 && kPassIndex <= 0.3));
    CHECK((kWarningIndex >= 0.3 && kWarningIndex <= 0.6));
    CHECK((kErrorIndex >= 0.6 && kErrorIndex <= 1.0));
    CHECK(std::string(kPassColour) == "#FFFCF3");
    CHECK(std::string(kWarningColour) == "#FFDC7F");
    CHECK(std::string(kErrorColour) == "#FF704D");
    CHECK(std::string(kUnmatchedColour) == "#C7C7C7");
}
