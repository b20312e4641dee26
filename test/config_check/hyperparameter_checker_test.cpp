#include <catch2/catch.hpp>

#include "checker_test_support.hpp"
#include "config_check/pack_checkers.hpp"

using namespace msprobe;
using namespace msprobe::testing;
using config_check::check_hyperparameters;
using config_check::CheckLevel;

namespace {

const std::string kStatic = "hyperparameters/hyperparameters_static.json";

}  // namespace

TEST_CASE("hyperparameters checker: by name, alias, similarity, values compared as Python's str()",
          "[config_check][hyperparameter_checker]") {
    const auto packs = unpacked_packs("hyper_rows");
    packs.bench_file(kStatic, R"({"model.hidden-size": 1024, "lr": 0.001, "fp16": true, "epochs": 3,
                                  "hiden_size_x": 1, "seq_length": "2048", "bs": 8, "only_bench": null})");
    packs.cmp_file(kStatic, R"({"hidden_size": 1024.0, "learning_rate": 1e-3, "fp16": "True", "max_epochs": 4,
                                "seq_len": 2048, "batch_size": [8], "warmup": 0.5})");
    const auto result = check_hyperparameters(packs.bench(), packs.cmp());
    REQUIRE(result);
    CHECK(result->table.header == std::vector<std::string>{"file_name", "bench_para", "cmp_para", "bench_value",
                                                           "cmp_value", "matched_with", "level"});
    const auto& rows = result->table.rows;
    // model.hidden-size → hidden_size by name: "1024" against "1024.0" differs. lr → learning_rate by alias:
    // "0.001" == "0.001". fp16: str(True) == "True". epochs → max_epochs by alias: 3 against 4. hiden_size_x
    // → hidden_size by similarity (0.869...), a second match of hidden_size (msprobe stops there with a KeyError).
    // seq_length → seq_len by similarity (0.8235...): "2048" == "2048", no row. bs → batch_size by alias: "8"
    // against [8]. only_bench and warmup are one-sided. Rows sorted as Python sorts lists of texts.
    REQUIRE(rows.size() == 6);
    CHECK(is_text(rows[0][1], "Only in comparison"));
    CHECK(is_text(rows[0][2], "warmup"));
    CHECK(is_number(rows[0][4], 0.5));  // a one-sided cmp value keeps its type
    CHECK(is_text(rows[0][6], "warning"));
    CHECK(is_text(rows[1][1], "bs"));
    CHECK(is_text(rows[1][2], "batch_size"));
    CHECK(is_text(rows[1][3], "8"));
    CHECK(is_text(rows[1][4], "[8]"));
    CHECK(is_text(rows[1][5], "mapping"));
    CHECK(is_text(rows[2][1], "epochs"));
    CHECK(is_text(rows[2][2], "max_epochs"));
    CHECK(is_text(rows[2][5], "mapping"));
    CHECK(is_text(rows[3][1], "hiden_size_x"));
    CHECK(is_text(rows[3][2], "hidden_size"));
    CHECK(is_text(rows[3][3], "1"));
    CHECK(is_text(rows[3][4], "1024.0"));
    CHECK(is_text(rows[3][5], "similarity:0.8695652173913043"));
    CHECK(is_text(rows[4][1], "model.hidden-size"));
    CHECK(is_text(rows[4][3], "1024"));
    CHECK(is_text(rows[4][4], "1024.0"));
    CHECK(is_text(rows[4][5], "pure name"));
    CHECK(is_text(rows[4][6], "error"));
    CHECK(is_text(rows[5][1], "only_bench"));
    CHECK(is_text(rows[5][2], "Only in benchmark"));
    CHECK(rows[5][3].is_empty());
    CHECK(result->pass_check == CheckLevel::Error);
}

TEST_CASE("hyperparameters checker: a file missing from one side is not compared",
          "[config_check][hyperparameter_checker]") {
    const auto packs = unpacked_packs("hyper_absent");
    packs.bench_file(kStatic, R"({"a": 1})");
    packs.cmp_file("hyperparameters/hyperparameters_dynamic.json", R"({"a": 2})");
    const auto result = check_hyperparameters(packs.bench(), packs.cmp());
    REQUIRE(result);
    CHECK(result->table.rows.empty());
    CHECK(result->pass_check == CheckLevel::Pass);
}
