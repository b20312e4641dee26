// Extraction, the "NPU:… Bench:…" rendering, dropping ranks and the outer join
// (spec §4-§7, test vectors 7, 9, 11, 12).
#include <catch2/catch.hpp>

#include <map>

#include "common/error.hpp"
#include "merge/merge_job.hpp"

using msprobe::merge::DumpMode;
using msprobe::merge::extract_rank_result;
using msprobe::merge::merge_rank_extracts;
using msprobe::merge::RankExtract;
using msprobe::merge::ResultSheet;
using msprobe::report::Cell;

namespace {

const std::vector<std::string> kStatisticsHeader = {
    "NPU Name", "Bench Name", "NPU Dtype", "Bench Dtype", "NPU Tensor Shape", "Bench Tensor Shape",
    "NPU Requires_grad", "Bench Requires_grad", "Max diff", "Min diff", "Mean diff", "L2norm diff",
    "MaxRelativeErr", "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr", "NPU max", "NPU min", "NPU mean",
    "NPU l2norm", "Bench max", "Bench min", "Bench mean", "Bench l2norm", "Requires_grad Consistent", "Result",
    "Err_message"};

// A statistics row with the given cells, the others empty.
std::vector<Cell> row(const std::string& name, const std::map<std::string, Cell>& cells) {
    std::vector<Cell> out(kStatisticsHeader.size());
    out[0] = Cell(name);
    for (const auto& [column, cell] : cells) {
        const auto at = std::find(kStatisticsHeader.begin(), kStatisticsHeader.end(), column);
        REQUIRE(at != kStatisticsHeader.end());
        out[static_cast<std::size_t>(at - kStatisticsHeader.begin())] = cell;
    }
    return out;
}

RankExtract statistics_rank(int rank, std::vector<std::string> names, std::vector<Cell> max_diff) {
    RankExtract extract;
    extract.rank = rank;
    extract.mode = DumpMode::Statistics;
    extract.names = std::move(names);
    for (const auto& index : msprobe::merge::valid_compare_indices(DumpMode::Statistics)) {
        extract.values[index] = std::vector<Cell>(extract.names.size());
    }
    extract.values["Max diff"] = std::move(max_diff);
    return extract;
}

std::vector<std::vector<Cell>> rows_of(const msprobe::report::Table& table) { return table.rows; }

}  // namespace

TEST_CASE("extraction takes each index of the selected rows", "[merge_job]") {
    ResultSheet sheet{kStatisticsHeader,
                      {row("api1.forward", {{"Max diff", Cell(100.0)}, {"L2norm diff", Cell(300.0)}}),
                       row("api2.forward", {{"Max diff", Cell(200.0)}, {"L2norm diff", Cell(400.0)}}),
                       row("api11.forward", {{"Max diff", Cell(1.0)}})}};
    const RankExtract extract = extract_rank_result(sheet, 1, {"api1", "api2"});
    CHECK(extract.mode == DumpMode::Statistics);
    CHECK(extract.names == std::vector<std::string>{"api1.forward", "api2.forward"});
    CHECK(extract.values.at("Max diff") == std::vector<Cell>{Cell(100.0), Cell(200.0)});
    CHECK(extract.values.at("L2norm diff") == std::vector<Cell>{Cell(300.0), Cell(400.0)});
    CHECK(extract.values.size() == 9);  // every statistics index, and neither maximum
}

TEST_CASE("N/A, unsupported and Nan show the two maxima", "[merge_job]") {
    ResultSheet sheet{
        kStatisticsHeader,
        {row("a.0.forward.input.group", {{"Max diff", Cell("N/A")}, {"Min diff", Cell("unsupported")},
                                         {"Mean diff", Cell("Nan")}, {"L2norm diff", Cell("tp-0-1-2-3")},
                                         {"NPU max", Cell("tp-0-1-2-3")}, {"Bench max", Cell("tp-0-1-2-3")}}),
         row("a.0.forward.input.0", {{"Max diff", Cell("N/A")}, {"Min diff", Cell("nan")}, {"Mean diff", Cell("NaN")},
                                     {"NPU max", Cell(123.0)}, {"Bench max", Cell(123.0)}}),
         row("a.0.forward.input.1", {{"Max diff", Cell("unsupported")}, {"NPU max", Cell(3.0)},
                                     {"Bench max", Cell("inf")}}),
         row("a.0.forward.output.0", {{"Max diff", Cell("Nan")}, {"NPU max", Cell(0.5)}}),
         row("a.0.forward.output.1", {{"Max diff", Cell()}})}};
    const RankExtract extract = extract_rank_result(sheet, 0, {"a"});
    CHECK(extract.values.at("Max diff") == std::vector<Cell>{Cell("NPU:tp-0-1-2-3  Bench:tp-0-1-2-3"),
                                                              Cell("NPU:123  Bench:123"), Cell("NPU:3  Bench:inf"),
                                                              Cell("NPU:0.5  Bench:"), Cell()});
    CHECK(extract.values.at("Min diff")[0] == Cell("NPU:tp-0-1-2-3  Bench:tp-0-1-2-3"));
    CHECK(extract.values.at("Mean diff")[0] == Cell("NPU:tp-0-1-2-3  Bench:tp-0-1-2-3"));
    CHECK(extract.values.at("L2norm diff")[0] == Cell("tp-0-1-2-3"));
    CHECK(extract.values.at("Min diff")[1] == Cell("nan"));
    CHECK(extract.values.at("Mean diff")[1] == Cell("NaN"));
}

TEST_CASE("a whole-number maximum prints with .0 when its column is all numbers with fractions", "[merge_job]") {
    ResultSheet sheet{kStatisticsHeader,
                      {row("a.0.forward.input.0", {{"Max diff", Cell("N/A")}, {"NPU max", Cell(4.0)},
                                                   {"Bench max", Cell(4.0)}}),
                       row("b.0.forward.input.0", {{"NPU max", Cell(0.5)}, {"Bench max", Cell("N/A")}})}};
    const RankExtract extract = extract_rank_result(sheet, 0, {"a"});
    CHECK(extract.values.at("Max diff") == std::vector<Cell>{Cell("NPU:4.0  Bench:4")});
}

TEST_CASE("empty, unknown and md5 results are recognised", "[merge_job]") {
    CHECK(extract_rank_result(ResultSheet{kStatisticsHeader, {}}, 2, {"a"}).empty);
    std::vector<std::string> odd = kStatisticsHeader;
    odd.pop_back();
    CHECK(extract_rank_result(ResultSheet{odd, {{Cell("a.0.forward")}}}, 2, {"a"}).mode == DumpMode::Unknown);
    const std::vector<std::string> md5 = {"NPU Name",          "Bench Name",          "NPU Dtype", "Bench Dtype",
                                          "NPU Tensor Shape",  "Bench Tensor Shape",  "NPU Requires_grad",
                                          "Bench Requires_grad", "NPU MD5",           "BENCH MD5",
                                          "Requires_grad Consistent", "Result", "NPU_Stack_Info"};
    const auto extract = extract_rank_result(ResultSheet{md5, {{Cell("a.0.forward")}}}, 1, {"a"});
    CHECK(extract.mode == DumpMode::Md5);
    CHECK(extract.values.empty());
}

TEST_CASE("two ranks give a column each, in rank order", "[merge_job]") {
    const auto sheets = merge_rank_extracts(
        {statistics_rank(1, {"api1", "api2"}, {Cell(100.0), Cell(200.0)}),
         statistics_rank(2, {"api1", "api2"}, {Cell(300.0), Cell(400.0)})},
        {"Max diff", "L2norm diff"}, "in");
    REQUIRE(sheets.size() == 2);
    CHECK(sheets[0].name == "Max diff");
    CHECK(sheets[1].name == "L2norm diff");
    CHECK(sheets[0].table.header == std::vector<std::string>{"NPU Name", "rank1", "rank2"});
    CHECK(rows_of(sheets[0].table) == std::vector<std::vector<Cell>>{{Cell("api1"), Cell(100.0), Cell(300.0)},
                                                                     {Cell("api2"), Cell(200.0), Cell(400.0)}});
}

TEST_CASE("the outer join leaves missing names empty, rows in order of first appearance", "[merge_job]") {
    const auto sheets = merge_rank_extracts({statistics_rank(1, {"api1", "api2"}, {Cell(100.0), Cell(200.0)}),
                                             statistics_rank(2, {"api2", "api3"}, {Cell(150.0), Cell(250.0)}),
                                             statistics_rank(3, {"api1", "api3"}, {Cell(120.0), Cell(300.0)})},
                                            {"Max diff"}, "in");
    REQUIRE(sheets.size() == 1);
    CHECK(sheets[0].table.header == std::vector<std::string>{"NPU Name", "rank1", "rank2", "rank3"});
    CHECK(rows_of(sheets[0].table) ==
          std::vector<std::vector<Cell>>{{Cell("api1"), Cell(100.0), Cell(), Cell(120.0)},
                                         {Cell("api2"), Cell(200.0), Cell(150.0), Cell()},
                                         {Cell("api3"), Cell(), Cell(250.0), Cell(300.0)}});
}

TEST_CASE("unusable ranks are dropped on their own; the defaults come from the first usable rank", "[merge_job]") {
    RankExtract empty;
    empty.rank = 0;
    empty.empty = true;
    RankExtract md5;
    md5.rank = 1;
    md5.mode = DumpMode::Md5;
    RankExtract tensor;
    tensor.rank = 3;
    tensor.mode = DumpMode::Tensor;
    const auto sheets = merge_rank_extracts(
        {empty, md5, statistics_rank(2, {"api1"}, {Cell(1.0)}), tensor, statistics_rank(4, {"api1"}, {Cell(2.0)})}, {},
        "in");
    REQUIRE(sheets.size() == 9);  // statistics defaults, from rank2
    CHECK(sheets[0].name == "Max diff");
    CHECK(sheets[8].name == "Requires_grad Consistent");
    CHECK(sheets[0].table.header == std::vector<std::string>{"NPU Name", "rank2", "rank4"});
}

TEST_CASE("a rank whose mode lacks a configured index is dropped", "[merge_job]") {
    RankExtract tensor;
    tensor.rank = 0;
    tensor.mode = DumpMode::Tensor;
    const auto sheets =
        merge_rank_extracts({tensor, statistics_rank(1, {"api1"}, {Cell(1.0)})}, {"Max diff"}, "in");
    CHECK(sheets[0].table.header == std::vector<std::string>{"NPU Name", "rank1"});
}

TEST_CASE("nothing usable is nothing to merge", "[merge_job]") {
    RankExtract md5;
    md5.mode = DumpMode::Md5;
    CHECK_THROWS_WITH(merge_rank_extracts({md5, md5}, {"Max diff"}, "in"), "in: Nothing to merge.");
    CHECK_THROWS_WITH(merge_rank_extracts({statistics_rank(0, {}, {})}, {"Cosine"}, "in"), "in: Nothing to merge.");
}
