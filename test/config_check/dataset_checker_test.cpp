#include <catch2/catch.hpp>

#include <cmath>

#include "checker_test_support.hpp"
#include "common/error.hpp"
#include "config_check/pack_checkers.hpp"

using namespace msprobe;
using namespace msprobe::testing;
using config_check::check_dataset;
using config_check::CheckLevel;

TEST_CASE("dataset checker: records by tag, step and rank in number order", "[config_check][dataset_checker]") {
    const auto packs = unpacked_packs("dataset_rows");
    const std::string record = R"({"max": 2.0, "min": -1, "mean": 0, "norm": 4})";
    packs.bench_file("dataset/step10/rank0/dataset.json", R"({"args": {"0": )" + record + R"(}, "kwargs": {}})");
    packs.cmp_file("dataset/step10/rank0/dataset.json", R"({"args": {"0": )" + record + R"(}, "kwargs": {}})");
    packs.bench_file("dataset/step2/rank1/dataset.json",
                     R"({"args": {"0": {"max": 2.0, "min": -1, "mean": 0, "norm": 4}, "1": "x"},
                         "kwargs": {"mask": {"max": 1, "min": 0, "mean": 0.5, "norm": 2}}})");
    packs.cmp_file("dataset/step2/rank1/dataset.json",
                   R"({"args": {"0": {"max": 2.5, "min": -1.0, "mean": 0.25, "norm": 4}, "1": "x"},
                       "kwargs": {"ids": {"max": 1, "min": 0, "mean": 0.5, "norm": 2}}})");
    packs.bench_file("dataset/step2/rank0/other.json", "{}");  // not a dataset.json: not read
    const auto result = check_dataset(packs.bench(), packs.cmp());
    REQUIRE(result);
    CHECK(result->table.header == std::vector<std::string>{"step", "rank", "tag", "equal", "max_relative_diff",
                                                           "min_relative_diff", "mean_relative_diff",
                                                           "norm_relative_diff"});
    const auto& rows = result->table.rows;
    REQUIRE(rows.size() == 4);
    // step 2 before step 10; args.1 is not a record and gives no row.
    CHECK(is_number(rows[0][0], 2));
    CHECK(is_number(rows[0][1], 1));
    CHECK(is_text(rows[0][2], "args.0"));
    CHECK(is_bool(rows[0][3], false));
    CHECK(is_number(rows[0][4], 0.25));
    CHECK(is_number(rows[0][5], -0.0));  // |(-1) - (-1)| / -1
    CHECK(std::signbit(rows[0][5].number()));
    CHECK(rows[0][6].is_empty());  // bench mean 0: None
    CHECK(is_number(rows[0][7], 0));
    CHECK(is_text(rows[1][2], "kwargs.mask"));  // only in bench
    CHECK(is_bool(rows[1][3], false));
    CHECK(rows[1][4].is_empty());
    CHECK(is_text(rows[2][2], "kwargs.ids"));  // only in cmp
    CHECK(is_number(rows[3][0], 10));
    CHECK(is_bool(rows[3][3], true));  // 2.0 == 2 and 0 == 0.0 as Python compares them
    CHECK(result->pass_check == CheckLevel::Error);
}

TEST_CASE("dataset checker: equal records pass, a folder that is no step refuses", "[config_check][dataset_checker]") {
    const auto packs = unpacked_packs("dataset_refuse");
    const std::string text = R"({"args": {"0": {"max": 1, "min": 1, "mean": 1, "norm": 1}}})";
    packs.bench_file("dataset/step0/rank0/dataset.json", text);
    packs.cmp_file("dataset/step0/rank0/dataset.json", text);
    auto result = check_dataset(packs.bench(), packs.cmp());
    REQUIRE(result);
    CHECK(result->pass_check == CheckLevel::Pass);
    packs.bench_file("dataset/stepX/rank0/dataset.json", text);
    packs.cmp_file("dataset/stepX/rank0/dataset.json", text);
    CHECK_THROWS_AS(check_dataset(packs.bench(), packs.cmp()), Error);
}
