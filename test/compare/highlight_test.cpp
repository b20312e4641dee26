// The -hl rules: overflow and huge errors per row, error growth from an API's
// inputs to its outputs, and inconsistent requires_grad.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "compare/highlight.hpp"

using namespace msprobe;
using namespace msprobe::compare;
using report::Cell;
using report::RowFill;

namespace {

constexpr const char* kOverflow = "maximum or minimum is nan, -inf, or inf";
constexpr const char* kHugeAbsError = "maximum absolute error exceeds 1e+10";
constexpr const char* kMagnitude =
    "maximum absolute error of both input/parameters and output exceed 1, with the output larger by an order of "
    "magnitude";
constexpr const char* kRatioRed =
    "The input/parameter's one thousandth err ratio exceeds 0.9, while the output's is below 0.6";
constexpr const char* kRatioYellow =
    "The output's one thousandth err ratio decreases by more than 0.1 compared to the input/parameter's";
constexpr const char* kRelativeRed = "maximum relative error exceeds 0.5";
constexpr const char* kRelativeYellow =
    "The output's maximum relative error exceeds 0.1, while the input/parameter's is below 0.01";
constexpr const char* kRequiresGrad = "requires_grad is inconsistent";

// A table whose rows belong to `api_names`; every row is (api index, state, cells).
struct RowSpec {
    std::uint32_t api;
    dump::RowState state;
    std::vector<Cell> cells;
};

ResultTable table_of(CompareMode mode, std::vector<std::string> header, std::vector<std::string> api_names,
                     const std::vector<RowSpec>& rows) {
    ResultTable result;
    result.mode = mode;
    result.table.header = std::move(header);
    result.set_api_names(std::move(api_names));
    for (const auto& row : rows) {
        result.table.rows.push_back(row.cells);
        result.states.push_back(row.state);
        result.api_index.push_back(row.api);
    }
    return result;
}

std::vector<std::string> messages(const HighlightVerdict& verdict, std::size_t row) {
    return {verdict.messages[row].begin(), verdict.messages[row].end()};
}

const std::vector<std::string> kSummaryHeader = {"NPU max",        "NPU min",
                                                 "Bench max",      "Max diff",
                                                 "MaxRelativeErr", "Requires_grad Consistent",
                                                 "Err_message"};

// Columns as kSummaryHeader.
std::vector<Cell> summary_cells(Cell npu_max, double max_diff, const char* relative, bool grad_consistent,
                                const char* err = "") {
    return {npu_max, Cell(0.0), Cell(1.0), Cell(max_diff), Cell(relative), Cell::boolean(grad_consistent), Cell(err)};
}

ResultTable summary_table() {
    using dump::RowState;
    return table_of(CompareMode::Summary, kSummaryHeader, {"Functional.linear.0.forward", "Functional.relu.0.forward"},
                    {
                        {0, RowState::Input, summary_cells(Cell(1.0), 2, "0.5%", true)},
                        {0, RowState::Output, summary_cells(Cell(1.0), 30, "20%", true)},
                        {1, RowState::Input, summary_cells(Cell("inf"), 1, "0%", true)},
                        {1, RowState::Output, summary_cells(Cell(1.0), 2e10, "60%", false, "old")},
                    });
}

}  // namespace

TEST_CASE("summary mode: growth from input to output, overflow, huge errors", "[highlight]") {
    const auto verdict = judge_highlight(summary_table(), false);
    REQUIRE(verdict.fills.size() == 4);
    CHECK(verdict.fills[0] == RowFill::None);
    CHECK(messages(verdict, 0).empty());
    // |2| → |30|: both above 1 and one order of magnitude more; 0.5% → 20%.
    CHECK(verdict.fills[1] == RowFill::Yellow);
    CHECK(messages(verdict, 1) == std::vector<std::string>{kMagnitude, kRelativeYellow});
    CHECK(verdict.fills[2] == RowFill::Red);
    CHECK(messages(verdict, 2) == std::vector<std::string>{kOverflow});
    // Red wins over the yellow requires_grad message; the overflowed input is no
    // comparable partner, so 60% is not judged.
    CHECK(verdict.fills[3] == RowFill::Red);
    CHECK(messages(verdict, 3) == std::vector<std::string>{kHugeAbsError});
}

TEST_CASE("summary mode: relative error above one half is red", "[highlight]") {
    using dump::RowState;
    const auto result = table_of(CompareMode::Summary, kSummaryHeader, {"Functional.relu.0.forward"},
                                 {
                                     {0, RowState::Input, summary_cells(Cell(1.0), 0.5, "5%", true)},
                                     {0, RowState::Output, summary_cells(Cell(1.0), 0.5, "51%", true)},
                                     {0, RowState::Output, summary_cells(Cell(1.0), 0.5, "50%", false)},
                                 });
    const auto verdict = judge_highlight(result, false);
    CHECK(verdict.fills == std::vector<RowFill>{RowFill::None, RowFill::Red, RowFill::Yellow});
    // 5% is not below 1%, so no yellow relative message on the red row.
    CHECK(messages(verdict, 1) == std::vector<std::string>{kRelativeRed});
    CHECK(messages(verdict, 2) == std::vector<std::string>{kRequiresGrad});
}

TEST_CASE("all mode: one thousandth ratio falls from input to output", "[highlight]") {
    using dump::RowState;
    const std::vector<std::string> header = {"NPU max", "NPU min", "Bench max", "MaxAbsErr",
                                             "One Thousandth Err Ratio", "Cosine", "Requires_grad Consistent",
                                             "Err_message"};
    auto cells = [](double ratio, double cosine) {
        return std::vector<Cell>{Cell(1.0), Cell(0.0), Cell(1.0), Cell(0.1), Cell(ratio), Cell(cosine),
                                 Cell::boolean(true), Cell("")};
    };
    const auto result = table_of(CompareMode::All, header, {"Functional.a.0.forward", "Functional.b.0.forward"},
                                 {
                                     {0, RowState::Input, cells(0.95, 0.99)},
                                     {0, RowState::Output, cells(0.5, 0.8)},
                                     {1, RowState::Input, cells(0.9, 0.99)},
                                     {1, RowState::Output, cells(0.7, 0.95)},
                                 });
    const auto verdict = judge_highlight(result, false);
    CHECK(verdict.fills == std::vector<RowFill>{RowFill::None, RowFill::Red, RowFill::None, RowFill::Yellow});
    // The cosine drop of row 1 is yellow and so hidden by red.
    CHECK(messages(verdict, 1) == std::vector<std::string>{kRatioRed});
    // 0.9 is not above 0.9: the yellow rule (a fall of 0.2) applies instead.
    CHECK(messages(verdict, 3) == std::vector<std::string>{kRatioYellow});
}

TEST_CASE("md5 and debug tables get no colour", "[highlight]") {
    auto result = summary_table();
    const auto debug = judge_highlight(result, true);
    CHECK(debug.fills == std::vector<RowFill>(4, RowFill::None));
    CHECK(debug.messages == std::vector<std::vector<const char*>>(4));
    result.mode = CompareMode::Md5;
    CHECK(judge_highlight(result, false).fills == std::vector<RowFill>(4, RowFill::None));
}

TEST_CASE("apply_highlight fills rows and appends to Err_message", "[highlight]") {
    auto result = summary_table();
    apply_highlight(result, judge_highlight(result, false));
    CHECK(result.table.fills == std::vector<RowFill>{RowFill::None, RowFill::Yellow, RowFill::Red, RowFill::Red});
    const std::size_t err = 6;
    CHECK(result.table.rows[0][err] == Cell(""));
    CHECK(result.table.rows[1][err] == Cell(std::string(kMagnitude) + "\n" + kRelativeYellow));
    CHECK(result.table.rows[2][err] == Cell(kOverflow));
    CHECK(result.table.rows[3][err] == Cell(std::string("old\n") + kHugeAbsError));
}
