#include "data2db/data2db_run.hpp"

#include <catch2/catch.hpp>

#include <fstream>

#include "common/error.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/trend_database_rows.hpp"

using namespace msprobe::data2db;
namespace fs = std::filesystem;
using msprobe::testing::trend_query;
using Rows = msprobe::testing::TrendRows;

namespace {

// A dump tree and a monitor folder side by side, as `--format auto` finds them.
fs::path both_kinds(const std::string& name) {
    const auto root = msprobe::testing::scratch_dir(name);
    fs::create_directories(root / "data" / "step0" / "rank0");
    std::ofstream(root / "data" / "step0" / "rank0" / "dump.json")
        << R"({"data": {"Functional.relu.0.forward": {"output": [{"type": "torch.Tensor", "dtype": "torch.float16",
             "Max": 1, "Min": 0, "Mean": 0.5, "Norm": 2}]}}})";
    std::ofstream(root / "data" / "step0" / "rank0" / "construct.json") << "{}";
    fs::create_directories(root / "data" / "Dec03_21-34-40-rank0-x");
    std::ofstream(root / "data" / "Dec03_21-34-40-rank0-x" / "actv_0-9.csv")
        << "vpp_stage,name,step,micro_step,norm\n0,a.b,0,0,1.25\n";
    return root;
}

Data2DbRequest request_for(const fs::path& root) {
    Data2DbRequest request;
    request.db_dir = root / "db";
    request.data_dir = root / "data";
    return request;
}

}  // namespace

TEST_CASE("auto: both databases, put in place over the old ones", "[data2db][data2db_run]") {
    const auto root = both_kinds("data2db_run_auto");
    fs::create_directories(root / "db");
    std::ofstream(root / "db" / kDumpDatabaseName) << "an old database";
    msprobe::ThreadPool pool(2);
    run_data2db(request_for(root), pool);
    CHECK(trend_query(root / "db" / kDumpDatabaseName, "SELECT target_name FROM monitoring_targets") ==
          Rows{{"Functional.relu.output.0"}});
    CHECK(trend_query(root / "db" / kMonitorDatabaseName,
                      "SELECT target_name, norm FROM monitoring_targets "
                      "JOIN trend_data USING (target_id)") == Rows{{"a.b", "1.25"}});
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(root / "db")) ++files;
    CHECK(files == 2);  // no temporary file left

    auto dump_only = request_for(root);
    dump_only.sources = TrendSources::Monitor;
    fs::remove(root / "db" / kMonitorDatabaseName);
    run_data2db(dump_only, pool);
    CHECK(fs::exists(root / "db" / kMonitorDatabaseName));
}

TEST_CASE("a failing run leaves the databases as they were", "[data2db][data2db_run]") {
    const auto root = both_kinds("data2db_run_failure");
    fs::create_directories(root / "db");
    std::ofstream(root / "db" / kDumpDatabaseName) << "an old database";
    std::ofstream(root / "data" / "Dec03_21-34-40-rank0-x" / "actv_10-19.csv") << "vpp_stage,name\n0,a,extra\n";
    msprobe::ThreadPool pool(1);
    try {
        run_data2db(request_for(root), pool);
        FAIL("the malformed CSV was accepted");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == (root / "data" / "Dec03_21-34-40-rank0-x" / "actv_10-19.csv").string());
    }
    CHECK(msprobe::testing::read_file_text(root / "db" / kDumpDatabaseName) == "an old database");
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(root / "db")) ++files;
    CHECK(files == 1);
}

TEST_CASE("nothing to import: the folder is made, no database written", "[data2db][data2db_run]") {
    const auto root = msprobe::testing::scratch_dir("data2db_run_nothing");
    fs::create_directories(root / "data" / "step0" / "rank");
    msprobe::ThreadPool pool(1);
    run_data2db(request_for(root), pool);
    CHECK(fs::is_directory(root / "db"));
    CHECK(fs::is_empty(root / "db"));
}

TEST_CASE("bad paths and mappings are refused before anything is written", "[data2db][data2db_run]") {
    const auto root = both_kinds("data2db_run_refusals");
    msprobe::ThreadPool pool(1);
    auto no_data = request_for(root);
    no_data.data_dir = root / "data" / "step0" / "rank0" / "dump.json";
    CHECK_THROWS_AS(run_data2db(no_data, pool), msprobe::Error);
    auto db_is_file = request_for(root);
    db_is_file.db_dir = root / "data" / "step0" / "rank0" / "construct.json";
    CHECK_THROWS_AS(run_data2db(db_is_file, pool), msprobe::Error);
    auto bad_mapping = request_for(root);
    std::ofstream(root / "map.json") << "{\"a\": ";
    bad_mapping.mapping = root / "map.json";
    CHECK_THROWS_AS(run_data2db(bad_mapping, pool), msprobe::Error);
    fs::create_directories(root / "db" / kDumpDatabaseName);  // a folder where the database goes
    CHECK_THROWS_AS(run_data2db(request_for(root), pool), msprobe::Error);
    CHECK_FALSE(fs::exists(root / "db" / kMonitorDatabaseName));
}
