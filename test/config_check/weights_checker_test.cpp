#include <catch2/catch.hpp>

#include "checker_test_support.hpp"
#include "common/error.hpp"
#include "config_check/pack_checkers.hpp"

using namespace msprobe;
using namespace msprobe::testing;
using config_check::check_weights;
using config_check::CheckLevel;

TEST_CASE("weights checker: names in order, one-sided names as texts that do not fail",
          "[config_check][weights_checker]") {
    const auto packs = unpacked_packs("weights_rows");
    packs.bench_file("weights/step0/rank0/weight.json",
                     R"({"w": {"max": 1, "min": 0, "mean": 0.5, "norm": 2}, "b": {"max": 0, "min": 0, "mean": 0,
                         "norm": 0}, "only_b": {"max": 1, "min": 1, "mean": 1, "norm": 1}})");
    packs.cmp_file("weights/step0/rank0/weight.json",
                   R"({"b": {"max": 0, "min": 0, "mean": 0, "norm": 0}, "w": {"max": 1, "min": 0, "mean": 0.5,
                       "norm": 2}, "only_c": {"max": 1, "min": 1, "mean": 1, "norm": 1}})");
    packs.bench_file("weights/step0/rank1/weight.json", R"({"x": {"max": 1, "min": 1, "mean": 1, "norm": 1}})");
    const auto result = check_weights(packs.bench(), packs.cmp());
    REQUIRE(result);
    const auto& rows = result->table.rows;
    REQUIRE(rows.size() == 5);
    CHECK(is_text(rows[0][2], "b"));
    CHECK(is_bool(rows[0][3], true));
    CHECK(rows[0][4].is_empty());  // all four statistics 0: None
    CHECK(is_text(rows[1][2], "only_b"));
    CHECK(is_text(rows[1][3], "only bench have"));
    CHECK(is_text(rows[2][2], "only_c"));
    CHECK(is_text(rows[2][3], "only cmp have"));
    CHECK(is_text(rows[3][2], "w"));
    CHECK(is_number(rows[3][4], 0));
    CHECK(rows[3][5].is_empty());
    // rank 1 has no cmp file: every bench name is "only bench have".
    CHECK(is_number(rows[4][1], 1));
    CHECK(is_text(rows[4][2], "x"));
    CHECK(is_text(rows[4][3], "only bench have"));
    CHECK(result->pass_check == CheckLevel::Pass);
}

TEST_CASE("weights checker: a different statistic fails, a file outside step/rank folders refuses",
          "[config_check][weights_checker]") {
    const auto packs = unpacked_packs("weights_refuse");
    packs.bench_file("weights/step1/rank0/weight.json", R"({"w": {"max": 4, "min": 0, "mean": 1, "norm": 2}})");
    packs.cmp_file("weights/step1/rank0/weight.json", R"({"w": {"max": 5, "min": 0, "mean": 1, "norm": 2}})");
    auto result = check_weights(packs.bench(), packs.cmp());
    REQUIRE(result);
    REQUIRE(result->table.rows.size() == 1);
    CHECK(is_number(result->table.rows[0][0], 1));
    CHECK(is_bool(result->table.rows[0][3], false));
    CHECK(is_number(result->table.rows[0][4], 0.25));
    CHECK(result->pass_check == CheckLevel::Error);
    packs.bench_file("weights/step1/stray.json", "{}");
    try {
        (void)check_weights(packs.bench(), packs.cmp());
        FAIL("a stray file was accepted");
    } catch (const Error& e) {
        CHECK(e.reason() == "Can not compare weights because the extracted file has been corrupted!");
    }
}
