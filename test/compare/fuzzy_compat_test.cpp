// --strict_compat with -f on statistics and md5 dumps: msprobe's one-column
// shift, on dump rows and result tables made here.
#include <catch2/catch.hpp>

#include "compare/fuzzy_compat.hpp"
#include "dump_rows.hpp"
#include "result_cell.hpp"

using namespace msprobe;
using namespace msprobe::compare;
using msprobe::testing::dump_of;
using msprobe::testing::row;

namespace {

const std::vector<std::string> kSummaryHeader = {
    "NPU Name", "Bench Name", "NPU Dtype", "Bench Dtype", "NPU Tensor Shape", "Bench Tensor Shape",
    "NPU Requires_grad", "Bench Requires_grad", "Max diff", "Min diff", "Mean diff", "L2norm diff",
    "MaxRelativeErr", "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr", "NPU max", "NPU min", "NPU mean",
    "NPU l2norm", "Bench max", "Bench min", "Bench mean", "Bench l2norm", "Requires_grad Consistent", "Result",
    "Err_message"};

ResultTable table_of(CompareMode mode, std::vector<std::string> header, std::size_t rows) {
    ResultTable result;
    result.mode = mode;
    result.table.header = std::move(header);
    result.table.rows.assign(rows, std::vector<report::Cell>(result.table.header.size(), report::Cell("kept")));
    return result;
}

}  // namespace

TEST_CASE("shifted pairs: the NPU dtype meets the bench shape, so only None against None survives",
          "[compare][fuzzy_compat]") {
    const auto npu = dump_of({row("Functional.relu.0.forward.input.0", "torch.float32", "[2]"),
                              row("Functional.relu.0.forward.input.1", "None", "None"),
                              row("Functional.relu.0.forward.output.0", "torch.float32", "[2]")});
    const auto bench = dump_of({row("Functional.relu.1.forward.input.0", "torch.float32", "[2]"),
                                row("Functional.relu.1.forward.input.1", "None", "None")});
    const std::vector<RowPair> pairs = {{0, 0}, {1, 1}, {2, kNoBench}};
    const std::vector<RowPair> shifted = shifted_fuzzy_pairs(pairs, npu, bench);
    REQUIRE(shifted.size() == 3);
    CHECK(shifted[0].bench == kNoBench);
    CHECK(shifted[1].bench == 1);
    CHECK(shifted[2].bench == kNoBench);
    CHECK(shifted[0].npu == 0);
}

TEST_CASE("shifted statistics cells: each bench column shows its left neighbour", "[compare][fuzzy_compat]") {
    const auto bench = dump_of({row("Functional.relu.1.forward.input.1", "None", "None")});
    ResultTable result = table_of(CompareMode::Summary, kSummaryHeader, 2);
    apply_shifted_fuzzy_cells(result, {{0, 0}, {1, kNoBench}}, bench);
    CHECK(testing::result_cell(result, 0, "Bench Name").text() == "None");
    CHECK(testing::result_cell(result, 0, "Bench Dtype").text() == "None");
    CHECK(testing::result_cell(result, 0, "Bench Tensor Shape").text() == "['None', 'None', 'None', 'None']");
    CHECK(testing::result_cell(result, 0, "NPU Requires_grad").text() == "N/A");
    CHECK(testing::result_cell(result, 0, "Bench Requires_grad").text() == "Functional.relu.1.forward.input.1");
    CHECK(testing::result_cell(result, 0, "Max diff").text() == "N/A");
    CHECK(testing::result_cell(result, 0, "Bench l2norm").text() == "N/A");
    CHECK_FALSE(testing::result_cell(result, 0, "Requires_grad Consistent").boolean_value());
    CHECK(testing::result_cell(result, 0, "Result").is_empty());
    CHECK(testing::result_cell(result, 0, "Err_message").text() == "Requires_grad inconsistent. ");
    CHECK(testing::result_cell(result, 0, "NPU Name").text() == "kept");
    for (const auto& c : result.table.rows[1]) CHECK(c.text() == "kept");  // an unmatched row is left alone
}

TEST_CASE("shifted md5 cells: no digests, and no matched pair is equal", "[compare][fuzzy_compat]") {
    const auto bench = dump_of({row("Functional.relu.1.forward.input.0", "torch.float32", "[2]")});
    ResultTable result = table_of(CompareMode::Md5, {"NPU Name", "NPU MD5", "BENCH MD5", "Result"}, 2);
    apply_shifted_fuzzy_cells(result, {{0, 0}, {1, kNoBench}}, bench);
    CHECK(testing::result_cell(result, 0, "NPU MD5").is_empty());
    CHECK(testing::result_cell(result, 0, "BENCH MD5").is_empty());
    CHECK(testing::result_cell(result, 0, "Result").text() == "Different");
    CHECK(testing::result_cell(result, 1, "NPU MD5").is_empty());
    CHECK(testing::result_cell(result, 1, "Result").text() == "kept");

    ResultTable real = table_of(CompareMode::All, {"NPU Name", "Bench Name"}, 1);
    apply_shifted_fuzzy_cells(real, {{0, 0}}, bench);
    CHECK(testing::result_cell(real, 0, "Bench Name").text() == "kept");  // tensor dumps are not shifted
}
