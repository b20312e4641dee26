// Finding the rank results in the input directory (spec §2, test vectors 1-2).
#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "merge/merge_test_files.hpp"
#include "merge/result_files.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::merge::classify_result_name;
using msprobe::merge::find_rank_results;
using msprobe::merge::ResultName;

TEST_CASE("result names are classified as msprobe does", "[result_files]") {
    CHECK(classify_result_name("compare_result_rank1-rank1_20240101010101.xlsx").kind == ResultName::Rank);
    CHECK(classify_result_name("compare_result_rank1-rank1_20240101010101.xlsx").rank == 1);
    CHECK(classify_result_name("compare_result_rank12_20240101010101.xlsx").rank == 12);
    CHECK(classify_result_name("compare_result_rank3_20240101010101.csv").kind == ResultName::Rank);
    CHECK(classify_result_name("compare_result_rank-rank_20240101010101.xlsx").kind == ResultName::SingleRank);
    CHECK(classify_result_name("compare_result_rank_20240101010101.xlsx").kind == ResultName::SingleRank);
    CHECK(classify_result_name("compare_result_rank1-rank2_20240101010101.xlsx").kind == ResultName::Foreign);
    CHECK(classify_result_name("compare_result_20240101010101.xlsx").kind == ResultName::Foreign);
    CHECK(classify_result_name("multi_ranks_compare_merge_20240101010101.xlsx").kind == ResultName::Foreign);
    CHECK(classify_result_name("compare_result_rank0_2024.xlsx").kind == ResultName::Foreign);
    CHECK(classify_result_name("compare_result_rank0_20240101010101.XLSX").kind == ResultName::Ignored);
    CHECK(classify_result_name("notes.csv").kind == ResultName::Ignored);
    CHECK(classify_result_name("advisor_rank0_20240101010101.txt").kind == ResultName::Ignored);
}

TEST_CASE("rank results are sorted by rank number", "[result_files]") {
    const fs::path dir = msprobe::testing::scratch_dir("merge_files_order");
    for (const char* name : {"compare_result_rank3-rank3_20240101010101.xlsx",
                             "compare_result_rank1-rank1_20240101010101.xlsx",
                             "compare_result_rank2-rank2_20240101010101.xlsx", "advisor_rank1_20240101010101.txt"}) {
        msprobe::testing::write_merge_input_text(dir / name, "");
    }
    const auto files = find_rank_results(dir);
    REQUIRE(files.size() == 3);
    CHECK(files[0].rank == 1);
    CHECK(files[1].rank == 2);
    CHECK(files[2].rank == 3);
    CHECK(files[0].path.filename() == "compare_result_rank1-rank1_20240101010101.xlsx");
}

TEST_CASE("a second result of the same rank: the newest is merged", "[result_files]") {
    const fs::path dir = msprobe::testing::scratch_dir("merge_files_duplicate");
    for (const char* name : {"compare_result_rank0_20240101010101.xlsx", "compare_result_rank0_20240101020202.xlsx",
                             "compare_result_rank1_20240101010101.csv", "compare_result_rank1_20240101010101.xlsx"}) {
        msprobe::testing::write_merge_input_text(dir / name, "");
    }
    const auto files = find_rank_results(dir);
    REQUIRE(files.size() == 2);
    CHECK(files[0].path.filename() == "compare_result_rank0_20240101020202.xlsx");
    CHECK(files[1].path.filename() == "compare_result_rank1_20240101010101.xlsx");
}

TEST_CASE("a wrongly named workbook stops the merge", "[result_files]") {
    const fs::path dir = msprobe::testing::scratch_dir("merge_files_wrong");
    msprobe::testing::write_merge_input_text(dir / "compare_result_rank0_20240101010101.xlsx", "");
    msprobe::testing::write_merge_input_text(dir / "compare_result_rank1_20240101010101.xlsx", "");
    msprobe::testing::write_merge_input_text(dir / "compare_result_20240101010101.xlsx", "");
    CHECK_THROWS_WITH(find_rank_results(dir),
                      Catch::Contains("Wrong compare result name: compare_result_20240101010101.xlsx, please check!"));
}

TEST_CASE("fewer than two rank results are nothing to merge", "[result_files]") {
    const fs::path dir = msprobe::testing::scratch_dir("merge_files_single");
    msprobe::testing::write_merge_input_text(dir / "compare_result_rank0_20240101010101.xlsx", "");
    msprobe::testing::write_merge_input_text(dir / "compare_result_rank-rank_20240101010101.xlsx", "");
    CHECK_THROWS_WITH(find_rank_results(dir),
                      Catch::Contains("Number of compare result is no more than 1, no need to merge."));
    CHECK_THROWS_WITH(find_rank_results(dir / "absent"), Catch::Contains("does not exist"));
}
