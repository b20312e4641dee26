// Merging the ranks' extracts: dropping unusable ranks and the outer join of
// their rows (spec §6, §7).
#include <catch2/catch.hpp>

#include <map>

#include "common/error.hpp"
#include "merge/merge_job.hpp"

using msprobe::compare::CompareMode;
using msprobe::merge::merge_rank_extracts;
using msprobe::merge::RankExtract;
using msprobe::report::Cell;

namespace {

RankExtract statistics_rank(int rank, std::vector<std::string> names, std::vector<Cell> max_diff) {
    RankExtract extract;
    extract.rank = rank;
    extract.mode = CompareMode::Summary;
    extract.names = std::move(names);
    for (const auto& index : msprobe::merge::valid_compare_indices(CompareMode::Summary)) {
        extract.values[index] = std::vector<Cell>(extract.names.size());
    }
    extract.values["Max diff"] = std::move(max_diff);
    return extract;
}

std::vector<std::vector<Cell>> rows_of(const msprobe::report::Table& table) { return table.rows; }

}  // namespace

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

TEST_CASE("unusable ranks are dropped on their own, and the defaults come from the first usable rank", "[merge_job]") {
    RankExtract empty;
    empty.rank = 0;
    empty.empty = true;
    RankExtract md5;
    md5.rank = 1;
    md5.mode = CompareMode::Md5;
    RankExtract tensor;
    tensor.rank = 3;
    tensor.mode = CompareMode::All;
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
    tensor.mode = CompareMode::All;
    const auto sheets =
        merge_rank_extracts({tensor, statistics_rank(1, {"api1"}, {Cell(1.0)})}, {"Max diff"}, "in");
    CHECK(sheets[0].table.header == std::vector<std::string>{"NPU Name", "rank1"});
}

TEST_CASE("nothing usable is nothing to merge", "[merge_job]") {
    RankExtract md5;
    md5.mode = CompareMode::Md5;
    CHECK_THROWS_WITH(merge_rank_extracts({md5, md5}, {"Max diff"}, "in"), "in: Nothing to merge.");
    CHECK_THROWS_WITH(merge_rank_extracts({statistics_rank(0, {}, {})}, {"Cosine"}, "in"), "in: Nothing to merge.");
}
