#include <catch2/catch.hpp>

#include "checker_test_support.hpp"
#include "common/error.hpp"
#include "config_check/pack_checkers.hpp"

using namespace msprobe;
using namespace msprobe::testing;
using config_check::check_env;
using config_check::CheckLevel;
using config_check::EnvColumns;

TEST_CASE("env checker: absent from one pack, no sheet", "[config_check][env_checker]") {
    const auto packs = unpacked_packs("env_absent");
    packs.bench_file("env", "{}");
    CHECK_FALSE(check_env(packs.bench(), packs.cmp(), EnvColumns::AsNamed).has_value());
}

TEST_CASE("env checker: two NPU packs, listed variables only, defaults of their own types",
          "[config_check][env_checker]") {
    const auto packs = unpacked_packs("env_npu");
    packs.bench_file("env", R"({"ASCEND_HOME": "/a", "HCCL_DETERMINISTIC": "True", "ASCEND_LAUNCH_BLOCKING": "0",
                               "PATH": "/bin"})");
    packs.cmp_file("env", R"({"ASCEND_HOME": "/a", "HCCL_ALGO": "level0:NA", "PATH": "/usr/bin",
                             "HCCL_INTRA_ROCE_ENABLE": "1"})");
    const auto result = check_env(packs.bench(), packs.cmp(), EnvColumns::AsNamed);
    REQUIRE(result);
    CHECK(result->table.header ==
          std::vector<std::string>{"bench_env_name", "cmp_env_name", "bench_value", "cmp_value", "level"});
    const auto& rows = result->table.rows;
    // HCCL_DETERMINISTIC: "True" against the default False (a boolean cell). HCCL_ALGO: the default "None" against
    // the set value. HCCL_INTRA_ROCE_ENABLE twice (env.yaml lists it under two keys, defaults 0 and 1): 0 against
    // "1", then 1 against "1" (a number against a text: unequal too). ASCEND_LAUNCH_BLOCKING: "0" against 0.
    REQUIRE(rows.size() == 5);
    CHECK(is_text(rows[0][0], "HCCL_DETERMINISTIC"));
    CHECK(is_text(rows[0][2], "True"));
    CHECK(is_bool(rows[0][3], false));
    CHECK(is_text(rows[0][4], "error"));
    CHECK(is_text(rows[1][2], "None"));
    CHECK(is_text(rows[1][3], "level0:NA"));
    CHECK(is_number(rows[2][2], 0));
    CHECK(is_text(rows[2][3], "1"));
    CHECK(is_number(rows[3][2], 1));
    CHECK(is_text(rows[4][0], "ASCEND_LAUNCH_BLOCKING"));
    CHECK(is_text(rows[4][2], "0"));
    CHECK(is_number(rows[4][3], 0));
    CHECK(result->pass_check == CheckLevel::Error);
}

TEST_CASE("env checker: an NPU pack against a GPU pack", "[config_check][env_checker]") {
    const auto packs = unpacked_packs("env_mixed");
    packs.bench_file("env", R"({"ASCEND_RT_VISIBLE_DEVICES": "0,1", "HCCL_INTRA_ROCE_ENABLE": ""})");
    packs.cmp_file("env", R"({"CUDA_VISIBLE_DEVICES": "0,1", "NCCL_ALGO": "Ring"})");
    SECTION("as named: NPU-only variables are the bench's") {
        const auto result = check_env(packs.bench(), packs.cmp(), EnvColumns::AsNamed);
        REQUIRE(result);
        const auto& rows = result->table.rows;
        // HCCL_ALGO (default "None") against NCCL_ALGO "Ring"; the two ROCE rows with the bench's empty text
        // replaced by the defaults (0 and 1); the launch blockings are equal (0 and 0), the devices too.
        REQUIRE(rows.size() == 3);
        CHECK(is_text(rows[0][0], "HCCL_ALGO"));
        CHECK(is_text(rows[0][1], "NCCL_ALGO"));
        CHECK(is_text(rows[0][4], "error"));
        CHECK(is_text(rows[1][0], "HCCL_INTRA_ROCE_ENABLE"));
        CHECK(is_text(rows[1][1], "only bench has this env"));
        CHECK(is_number(rows[1][2], 0));
        CHECK(is_text(rows[1][3], ""));
        CHECK(is_text(rows[1][4], "warning"));
        CHECK(is_number(rows[2][2], 1));
        CHECK(result->pass_check == CheckLevel::Error);
    }
    SECTION("swapped as msprobe does: the same variables read as the cmp pack's") {
        const auto result = check_env(packs.bench(), packs.cmp(), EnvColumns::Swapped);
        REQUIRE(result);
        const auto& rows = result->table.rows;
        REQUIRE(rows.size() == 3);
        CHECK(is_text(rows[0][0], "NCCL_ALGO"));
        CHECK(is_text(rows[0][2], "Ring"));
        CHECK(is_text(rows[0][3], "None"));
        CHECK(is_text(rows[1][0], "only cmp has this env"));
        CHECK(is_text(rows[1][1], "HCCL_INTRA_ROCE_ENABLE"));
        CHECK(is_text(rows[1][3], ""));  // the cmp side keeps a set empty text
    }
}

TEST_CASE("env checker: the same settings pass", "[config_check][env_checker]") {
    const auto packs = unpacked_packs("env_same");
    packs.bench_file("env", R"({"CUDA_LAUNCH_BLOCKING": "1"})");
    packs.cmp_file("env", R"({"CUDA_LAUNCH_BLOCKING": "1", "OTHER": "x"})");
    const auto result = check_env(packs.bench(), packs.cmp(), EnvColumns::AsNamed);
    REQUIRE(result);
    CHECK(result->table.rows.empty());
    CHECK(result->pass_check == CheckLevel::Pass);
}

TEST_CASE("env checker: an env item that is not an object refuses", "[config_check][env_checker]") {
    const auto packs = unpacked_packs("env_bad");
    packs.bench_file("env", "[]");
    packs.cmp_file("env", "{}");
    try {
        (void)check_env(packs.bench(), packs.cmp(), EnvColumns::AsNamed);
        FAIL("a list was read as the environment");
    } catch (const Error& e) {
        CHECK(e.file() == (packs.bench() / "env").string());
    }
}
