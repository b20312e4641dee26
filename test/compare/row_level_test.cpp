// Row verdicts: the mode's failing criterion and red -hl rules are errors,
// yellow rules alone are warnings.
#include <catch2/catch.hpp>

#include "compare/row_level.hpp"

using namespace msprobe;
using namespace msprobe::compare;
using report::RowFill;

TEST_CASE("level names", "[row_level]") {
    CHECK(level_name(RowLevel::Pass) == "pass");
    CHECK(level_name(RowLevel::Warning) == "warning");
    CHECK(level_name(RowLevel::Error) == "error");
}

TEST_CASE("verdicts combine the failing criterion and the highlight", "[row_level]") {
    ResultTable result;
    result.mode = CompareMode::Summary;
    result.table.header = {"NPU Name", "Result"};
    for (const char* verdict : {"pass", "Warning", "pass", "pass", "Warning"}) {
        result.table.rows.push_back({report::Cell("x"), report::Cell(verdict)});
    }
    HighlightVerdict highlight;
    highlight.fills = {RowFill::None, RowFill::Yellow, RowFill::Yellow, RowFill::Red, RowFill::None};
    highlight.messages = {{}, {"grad"}, {"grad", "cosine", "grad"}, {"overflow"}, {}};

    const auto verdicts = row_verdicts(result, highlight);
    REQUIRE(verdicts.size() == 5);
    CHECK(verdicts[0].level == RowLevel::Pass);
    CHECK(verdicts[0].reasons.empty());
    // A yellow rule does not lower an error.
    CHECK(verdicts[1].level == RowLevel::Error);
    CHECK(verdicts[1].reasons == std::vector<std::string>{"Result: Warning", "grad"});
    // A repeated message is said once.
    CHECK(verdicts[2].level == RowLevel::Warning);
    CHECK(verdicts[2].reasons == std::vector<std::string>{"grad", "cosine"});
    CHECK(verdicts[3].level == RowLevel::Error);
    CHECK(verdicts[3].reasons == std::vector<std::string>{"overflow"});
    CHECK(verdicts[4].level == RowLevel::Error);
    CHECK(verdicts[4].reasons == std::vector<std::string>{"Result: Warning"});
}

TEST_CASE("verdicts without highlight rows: only the criterion counts", "[row_level]") {
    ResultTable result;
    result.mode = CompareMode::All;
    result.table.header = {"NPU Name", "Accuracy Reached or Not"};
    result.table.rows = {{report::Cell("a"), report::Cell("No")}, {report::Cell("b"), report::Cell("Yes")}};
    const auto verdicts = row_verdicts(result, HighlightVerdict{});
    CHECK(verdicts[0].level == RowLevel::Error);
    CHECK(verdicts[0].reasons == std::vector<std::string>{"Accuracy Reached or Not: No"});
    CHECK(verdicts[1].level == RowLevel::Pass);
}
