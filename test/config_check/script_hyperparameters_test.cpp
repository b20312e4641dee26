#include "config_check/script_hyperparameters.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::config_check;
using Json = nlohmann::ordered_json;

TEST_CASE("merge_hyperparameters: msprobe's update_dict, its duplicate records extended",
          "[config_check][script_hyperparameters]") {
    Json merged = Json::object();
    merge_hyperparameters(merged, Json::parse(R"({"lr": "0.1", "bs": 8})"));
    merge_hyperparameters(merged, Json::parse(R"({"lr": "0.1", "bs": 16, "new": true})"));
    CHECK(merged.dump() == R"({"lr":"0.1","bs":{"description":"duplicate_value","values":[8,16]},"new":true})");
    // A third value joins the record (msprobe nests the record in a new one).
    merge_hyperparameters(merged, Json::parse(R"({"bs": 32})"));
    CHECK(merged["bs"]["values"] == Json::parse("[8, 16, 32]"));
    // A hyperparameter named "values" changes nothing (msprobe then fails on the next conflicting name).
    merge_hyperparameters(merged, Json::parse(R"({"values": 1, "lr": "0.2"})"));
    CHECK(merged["lr"] == Json::parse(R"({"description": "duplicate_value", "values": ["0.1", "0.2"]})"));
}

TEST_CASE("check_scripts refuses other file types and too many scripts before anything is read",
          "[config_check][script_hyperparameters]") {
    const auto dir = testing::scratch_dir("check_scripts");
    testing::write_file(dir / "run.sh", "");
    testing::write_file(dir / "conf.yml", "");
    CHECK_NOTHROW(check_scripts({(dir / "run.sh").string(), (dir / "absent.txt").string()}));
    try {
        check_scripts({(dir / "run.sh").string(), (dir / "conf.yml").string()});
        FAIL("a .yml script was taken");
    } catch (const Error& e) {
        CHECK(e.file() == (dir / "conf.yml").string());
        CHECK(e.reason().starts_with("Invalid parser type: .yml"));
    }
    CHECK_THROWS_AS(check_scripts(std::vector<std::string>(101, (dir / "run.sh").string())), Error);
}

TEST_CASE("script_hyperparameters: scripts read in order and merged, unreadable ones give nothing",
          "[config_check][script_hyperparameters]") {
    const auto dir = testing::scratch_dir("script_hyper");
    testing::write_file(dir / "a.sh", "torchrun x.py --lr 0.1 --bs 8\r\n");
    testing::write_file(dir / "b.yaml", "lr: 0.2\nseed: 1\n");
    testing::write_file(dir / "bad.sh", "torchrun \xff --x 1\n");
    const auto merged = script_hyperparameters(
        {(dir / "a.sh").string(), (dir / "missing.sh").string(), (dir / "bad.sh").string(), (dir / "b.yaml").string()});
    CHECK(merged.dump() == R"({"lr":{"description":"duplicate_value","values":["0.1",0.2]},"bs":"8","seed":1})");
    CHECK(script_hyperparameters({(dir / "bad.sh").string()}).empty());
}
