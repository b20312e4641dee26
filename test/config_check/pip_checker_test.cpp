#include <catch2/catch.hpp>

#include "checker_test_support.hpp"
#include "config_check/pack_checkers.hpp"

using namespace msprobe;
using namespace msprobe::testing;
using config_check::check_pip;
using config_check::CheckLevel;

TEST_CASE("pip checker: msprobe's packages, in its order, 'None' for a missing or empty version",
          "[config_check][pip_checker]") {
    const auto packs = unpacked_packs("pip_rows");
    packs.bench_file("pip", "torch=2.1.0\nnumpy=1.24.2\nsix=1.16\n  peft=0.5  \ndatasets\nmegatron=a=b\n");
    packs.cmp_file("pip", "torch=2.1.0\r\nnumpy=1.26.4\nsix=1.17\ntransformers=4.40\ndatasets=2.0\nmegatron=\n");
    const auto result = check_pip(packs.bench(), packs.cmp());
    REQUIRE(result);
    CHECK(result->table.header == std::vector<std::string>{"package", "bench version", "cmp version", "level"});
    const auto& rows = result->table.rows;
    REQUIRE(rows.size() == 4);
    CHECK(is_text(rows[0][0], "transformers"));
    CHECK(is_text(rows[0][1], "None"));
    CHECK(is_text(rows[0][2], "4.40"));
    CHECK(is_text(rows[1][0], "numpy"));
    CHECK(is_text(rows[1][1], "1.24.2"));
    CHECK(is_text(rows[1][2], "1.26.4"));
    CHECK(is_text(rows[2][0], "datasets"));  // a line without "=": an empty version, shown as None
    CHECK(is_text(rows[2][1], "None"));
    CHECK(is_text(rows[2][2], "2.0"));
    CHECK(is_text(rows[3][0], "peft"));
    CHECK(is_text(rows[3][1], "0.5"));
    CHECK(is_text(rows[3][2], "None"));
    CHECK(is_text(rows[3][3], "error"));
    // megatron: "a=b" splits in three parts (an empty version) and "megatron=" has an empty one: equal.
    CHECK(result->pass_check == CheckLevel::Error);
}

TEST_CASE("pip checker: same versions pass", "[config_check][pip_checker]") {
    const auto packs = unpacked_packs("pip_same");
    packs.bench_file("pip", "torch=2.1.0\n");
    packs.cmp_file("pip", "six=1\ntorch=2.1.0\n");
    const auto result = check_pip(packs.bench(), packs.cmp());
    REQUIRE(result);
    CHECK(result->table.rows.empty());
    CHECK(result->pass_check == CheckLevel::Pass);
}
