#include "config_check/pack_checkers.hpp"

#include <catch2/catch.hpp>

#include "checker_test_support.hpp"

using namespace msprobe;
using namespace msprobe::testing;
using config_check::EnvColumns;
using config_check::run_checkers;

TEST_CASE("run_checkers: msprobe's order, the checkers whose item a pack lacks left out",
          "[config_check][pack_checkers]") {
    const auto packs = unpacked_packs("run_checkers");
    for (const auto& side : {packs.bench(), packs.cmp()}) {
        write_file(side / "random/rank0.json", "{}");
        write_file(side / "hyperparameters/hyperparameters_static.json", R"({"lr": 1})");
        write_file(side / "weights/step0/rank0/weight.json", "{}");
        write_file(side / "pip", "torch=1\n");
        write_file(side / "env", "{}");
    }
    write_file(packs.bench() / "dataset/step0/rank0/dataset.json", "{}");  // in one pack only
    const auto results = run_checkers(packs.bench(), packs.cmp(), EnvColumns::AsNamed);
    std::vector<std::string> names;
    for (const auto& result : results) names.push_back(result.name);
    CHECK(names == std::vector<std::string>{"env", "pip", "weights", "hyperparameters", "random"});
    for (const auto& result : results) {
        INFO(result.name);
        CHECK(result.pass_check == config_check::CheckLevel::Pass);
        CHECK(result.table.rows.empty());
    }
}
