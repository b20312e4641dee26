// msprobe data2db end to end: msprobe's stored runs reproduced table by table,
// then the refusals: argparse's (exit 2) and the run's (exit 1, nothing written).
#include <catch2/catch.hpp>

#include <fstream>

#include "msprobe_process.hpp"
#include "support/august_outputs.hpp"
#include "support/shared_fixtures.hpp"
#include "support/trend_database_rows.hpp"

namespace fs = std::filesystem;
using msprobe::testing::run_msprobe;

namespace {

std::vector<std::string> with_db(std::vector<std::string> args, const std::string& db) {
    for (std::size_t i = 0; i + 1 < args.size(); ++i) {
        if (args[i] == "--db") args[i + 1] = db;
    }
    return args;
}

// A dump tree of one rank with one linear: a folder to point the refusals at.
fs::path small_dump(const std::string& name) {
    const auto root = msprobe::testing::scratch_dir(name);
    fs::create_directories(root / "data" / "step0" / "rank0");
    std::ofstream(root / "data" / "step0" / "rank0" / "dump.json")
        << R"({"data": {"Functional.linear.0.forward": {"output": [{"type": "torch.Tensor",
             "dtype": "torch.float32", "Max": 1, "Min": 0, "Mean": 0.5, "Norm": 2}]}}})";
    std::ofstream(root / "data" / "step0" / "rank0" / "construct.json") << "{}";
    return root;
}

}  // namespace

TEST_CASE("data2db: every stored run of msprobe, database for database", "[fixtures][cli][data2db]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    std::size_t runs = 0;
    for (const char* case_name : {"dist_statistics_L1_2ranks", "mlp_statistics_L1_two_steps"}) {
        const fs::path expected = *fixtures / "expected_august" / case_name;
        for (const auto& entry : fs::directory_iterator(expected)) {
            if (!entry.path().filename().string().starts_with("data2db.")) continue;
            ++runs;
            const auto recorded = msprobe::testing::read_recorded_run(entry.path());
            const fs::path cwd = msprobe::testing::linked_case(*fixtures / "dumps" / case_name, "data2db_cli_run");
            const auto r = run_msprobe(with_db(recorded.args, "out"), cwd);
            INFO(entry.path().string() << "\nstdout: " << r.out << "\nstderr: " << r.err);
            CHECK(r.exit_code == recorded.exit_code);
            const fs::path stored = entry.path() / "dump_data.trend.db";
            if (fs::exists(stored)) {
                CHECK(msprobe::testing::trend_database_differences(cwd / "out" / "dump_data.trend.db", stored) ==
                      std::vector<std::string>{});
                CHECK(r.out.find("[INFO] Dump data import completed. DB: out/dump_data.trend.db") != std::string::npos);
            } else {
                CHECK(fs::is_empty(cwd / "out"));
                CHECK(r.out.find("[WARNING] No valid 'rank*' or 'proc*' directories found in: npu/step0. Expected "
                                 "directory names like 'rank0' or 'proc0'. Skipped entries: rank") !=
                      std::string::npos);
                CHECK(r.err.find("[ERROR] No valid dump data discovered in: npu, dump import skipped.") !=
                      std::string::npos);
            }
            CHECK(r.out.find("[WARNING] No valid monitor directories found in: npu") != std::string::npos);
        }
    }
    CHECK(runs == 3);
}

TEST_CASE("data2db: argparse's refusals end with 2", "[cli][data2db]") {
    const auto root = small_dump("data2db_cli_usage");
    const auto missing = run_msprobe({"data2db", "--data", "data"}, root);
    CHECK(missing.exit_code == 2);
    CHECK(missing.err.find("the following arguments are required: --db") != std::string::npos);
    const auto format = run_msprobe({"data2db", "--db", "db", "--data", "data", "--format", "csv"}, root);
    CHECK(format.exit_code == 2);
    CHECK(format.err.find("invalid choice: 'csv' (choose from 'auto', 'dump', 'monitor')") != std::string::npos);
    const auto micro = run_msprobe({"data2db", "--db", "db", "--data", "data", "--micro_step", "TRUE"}, root);
    CHECK(micro.exit_code == 2);
    CHECK(micro.err.find("invalid choice: 'TRUE' (choose from 'true', 'false', 'True', 'False')") != std::string::npos);
    const auto number = run_msprobe({"data2db", "--db", "db", "--data", "data", "--process_num", "two"}, root);
    CHECK(number.exit_code == 2);
    CHECK(number.err.find("invalid int value: 'two'") != std::string::npos);
    CHECK_FALSE(fs::exists(root / "db"));
}

TEST_CASE("data2db: what the run finds wrong ends with 1, one line, nothing written", "[cli][data2db]") {
    const auto root = small_dump("data2db_cli_refusals");
    const auto refused = [&](const std::vector<std::string>& extra, const std::string& line) {
        std::vector<std::string> args{"data2db", "--db", "db", "--data", "data"};
        args.insert(args.end(), extra.begin(), extra.end());
        const auto r = run_msprobe(args, root);
        INFO(line << "\n" << r.err);
        CHECK(r.exit_code == 1);
        CHECK(r.err == "msprobe data2db: error: " + line + "\n");
        CHECK_FALSE(fs::exists(root / "db"));
    };
    refused({"--process_num", "0"}, "process_num must be a positive integer");
    refused({"--process_num", "129"}, "Maximum supported process_num is 128");
    std::ofstream(root / "map.json") << "[\"a\"]";
    refused({"--mapping", "map.json"}, "map.json: the mapping must be a JSON object of name replacements");
    std::ofstream(root / "data" / "step0" / "rank0" / "construct.json") << "{\"a\": ";
    const auto damaged = run_msprobe({"data2db", "--db", "db", "--data", "data"}, root);
    CHECK(damaged.exit_code == 1);
    CHECK(damaged.err.starts_with("msprobe data2db: error: data/step0/rank0/construct.json: "));
    CHECK_FALSE(fs::exists(root / "db"));
    // Without micro steps construct.json is not read; the run succeeds.
    CHECK(run_msprobe({"data2db", "--db", "db", "--data", "data", "--micro_step", "False"}, root).exit_code == 0);
    CHECK(fs::exists(root / "db" / "dump_data.trend.db"));

    const auto not_dir = run_msprobe({"data2db", "--db", "db2", "--data", "map.json"}, root);
    CHECK(not_dir.exit_code == 1);
    CHECK(not_dir.err == "msprobe data2db: error: map.json: is not a directory\n");
    fs::create_directories(root / "data" / "Dec03_21-34-40-rank0-x");
    std::ofstream(root / "data" / "Dec03_21-34-40-rank0-x" / "actv_0-9.csv") << "vpp_stage,name\n0,a,b\n";
    const auto csv = run_msprobe({"data2db", "--db", "db2", "--data", "data", "--micro_step", "false"}, root);
    CHECK(csv.exit_code == 1);
    CHECK(csv.err ==
          "msprobe data2db: error: data/Dec03_21-34-40-rank0-x/actv_0-9.csv: Expected 2 fields in line 2, "
          "saw 3\n");
    CHECK_FALSE(fs::exists(root / "db2"));
}

TEST_CASE("data2db: a second run replaces the database, the threads change nothing", "[cli][data2db]") {
    const auto root = small_dump("data2db_cli_again");
    REQUIRE(run_msprobe({"data2db", "--db", "db", "--data", "data", "--format", "dump"}, root).exit_code == 0);
    const auto again = run_msprobe({"data2db", "--db", "db", "--data", "data", "--process_num", "4"}, root);
    CHECK(again.exit_code == 0);
    CHECK(again.out.find("[WARNING] Existing database will be replaced: db/dump_data.trend.db") != std::string::npos);
    CHECK(again.out.find("Imported 1 files: 1 dump files of 1 step(s), 0 monitor CSV files of 0 folder(s).\n"
                         "Written:\n  db/dump_data.trend.db\n") != std::string::npos);
    CHECK(msprobe::testing::trend_query(root / "db" / "dump_data.trend.db",
                                        "SELECT target_name, norm FROM monitoring_targets JOIN trend_data "
                                        "USING (target_id)") ==
          msprobe::testing::TrendRows{{"Functional.linear.output.0", "2"}});
}
