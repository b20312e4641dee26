// One rank's result reduced to what merge_result takes: the first sheet read
// from a CSV, blank rows left out, and per mergeable index the cells of the
// rows the api filter selects ("N/A"-like cells showing both maxima).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "merge/rank_extract.hpp"
#include "merge_test_files.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::merge;

namespace {

const std::vector<std::string> kStatisticsHeader = {
    "NPU Name", "Bench Name", "NPU Dtype", "Bench Dtype", "NPU Tensor Shape", "Bench Tensor Shape",
    "NPU Requires_grad", "Bench Requires_grad", "Max diff", "Min diff", "Mean diff", "L2norm diff",
    "MaxRelativeErr", "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr", "NPU max", "NPU min", "NPU mean",
    "NPU l2norm", "Bench max", "Bench min", "Bench mean", "Bench l2norm", "Requires_grad Consistent", "Result",
    "Err_message"};

// A statistics row: Max diff `max_diff`, MaxRelativeErr `relative`, NPU/Bench max 2.5/1.25.
std::vector<report::Cell> statistics_row(const std::string& name, report::Cell max_diff, report::Cell relative) {
    std::vector<report::Cell> row(kStatisticsHeader.size());
    row[0] = name;
    row[1] = name;
    row[8] = std::move(max_diff);
    row[12] = std::move(relative);
    row[16] = 2.5;
    row[20] = 1.25;
    row[24] = report::Cell::boolean(true);
    return row;
}

ResultSheet statistics_sheet() {
    ResultSheet sheet;
    sheet.header = kStatisticsHeader;
    sheet.rows = {statistics_row("Functional.conv2d.0.forward.input.0", 0.5, "12.0%"),
                  statistics_row("Functional.relu.0.forward.output.0", "N/A", "unsupported"),
                  statistics_row("Functional.conv2d.0.forward.output.0", 1.0, "Nan"),
                  statistics_row("Tensor.add.0.forward.output.0", 0.0, "0.0%")};
    return sheet;
}

}  // namespace

TEST_CASE("extract_rank_result: the selected rows in filter order, every statistics index", "[merge][rank_extract]") {
    const RankExtract extract = extract_rank_result(statistics_sheet(), 3, {"Functional.relu", "Functional.conv2d", "Torch.mul"});
    CHECK(extract.rank == 3);
    CHECK_FALSE(extract.empty);
    CHECK(extract.mode == DumpMode::Statistics);
    CHECK(extract.unmatched_apis == std::vector<std::string>{"Torch.mul"});
    CHECK(extract.names == std::vector<std::string>{"Functional.relu.0.forward.output.0",
                                                    "Functional.conv2d.0.forward.input.0",
                                                    "Functional.conv2d.0.forward.output.0"});
    CHECK(extract.values.size() == valid_compare_indices(DumpMode::Statistics).size());
    const auto& max_diff = extract.values.at("Max diff");
    REQUIRE(max_diff.size() == 3);
    CHECK(max_diff[0].text() == "NPU:2.5  Bench:1.25");  // "N/A" shows both maxima
    CHECK(max_diff[1].number() == 0.5);
    CHECK(max_diff[2].number() == 1.0);
    const auto& relative = extract.values.at("MaxRelativeErr");
    CHECK(relative[0].text() == "NPU:2.5  Bench:1.25");  // "unsupported" too
    CHECK(relative[1].text() == "12.0%");
    CHECK(relative[2].text() == "NPU:2.5  Bench:1.25");  // and "Nan"
    CHECK(extract.values.at("Requires_grad Consistent")[0].boolean_value());
}

TEST_CASE("a header without rows is empty, an md5 or unknown result has no index", "[merge][rank_extract]") {
    ResultSheet header_only;
    header_only.header = kStatisticsHeader;
    const RankExtract empty = extract_rank_result(header_only, 0, {"Functional.relu"});
    CHECK(empty.empty);
    CHECK(empty.mode == DumpMode::Unknown);
    CHECK(empty.names.empty());

    ResultSheet unknown = statistics_sheet();
    unknown.header.back() = "Something else";
    const RankExtract none = extract_rank_result(unknown, 1, {"Functional.relu"});
    CHECK_FALSE(none.empty);
    CHECK(none.mode == DumpMode::Unknown);
    CHECK(none.values.empty());
    CHECK(none.names.empty());
}

TEST_CASE("read_result_sheet reads a CSV result and leaves its blank rows out", "[merge][rank_extract]") {
    const auto path = testing::scratch_dir("merge_rank_extract") / "compare_result_rank0.csv";
    testing::write_merge_input_text(path, "NPU Name,Max diff,Result\n"
                                          "Functional.relu.0.forward.output.0,0.5,pass\n"
                                          ",,\n"
                                          "Tensor.add.0.forward.output.0,N/A,Warning\n");
    const ResultSheet sheet = read_result_sheet(path);
    CHECK(sheet.header == std::vector<std::string>{"NPU Name", "Max diff", "Result"});
    REQUIRE(sheet.rows.size() == 2);
    CHECK(sheet.rows[0][1].number() == 0.5);
    CHECK(sheet.rows[1][0].text() == "Tensor.add.0.forward.output.0");
    CHECK(sheet.rows[1][1].text() == "N/A");
}
