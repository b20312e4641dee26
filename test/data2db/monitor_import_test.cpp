#include "data2db/monitor_import.hpp"

#include <catch2/catch.hpp>

#include <fstream>

#include "support/shared_fixtures.hpp"
#include "support/trend_database_rows.hpp"

using namespace msprobe::data2db;
namespace fs = std::filesystem;
using msprobe::testing::trend_query;
using Rows = msprobe::testing::TrendRows;

namespace {

// Two ranks of the monitor's output: activations per micro step, gradients per step.
fs::path monitor_output(const std::string& name) {
    const auto root = msprobe::testing::scratch_dir(name);
    for (int rank = 0; rank < 2; ++rank) {
        const auto dir = root / ("Dec03_21-34-40-rank" + std::to_string(rank) + "-host");
        fs::create_directories(dir);
        std::ofstream(dir / "actv_0-9.csv") << "vpp_stage,name,step,micro_step,min,norm\n"
                                            << "0,layers.0.mlp.output,4,0,-1," << rank + 1 << "\n"
                                            << "0,layers.0.mlp.output,4,1,-2,3\n"
                                            << "0,layers.0.mlp.output,6,0,-3,4\n";
        std::ofstream(dir / "grad_reduced_0-9.csv") << "vpp_stage,name,step,norm,max,nans\n"
                                                    << "0,layers.1.weight,4,0.5,7,0\n"
                                                    << "0,layers.1.weight,6,inf,8,0\n";
        std::ofstream(dir / "notes.csv") << "anything\n";
    }
    return root;
}

}  // namespace

TEST_CASE("monitor CSVs into a trend database: dimensions first, then the rows", "[data2db][monitor_import]") {
    const auto root = monitor_output("monitor_import");
    const auto dirs = find_monitor_dirs(root);
    msprobe::ThreadPool pool(2);
    REQUIRE(import_monitor_dirs(dirs, NameMapping({std::pair<std::string, std::string>{"mlp", "ffn"}}), {},
                                root / "m.db", "m.db", pool));
    CHECK(trend_query(root / "m.db", "SELECT * FROM monitoring_metrics") == Rows{{"1", "actv"}, {"2", "grad_reduced"}});
    CHECK(trend_query(root / "m.db", "SELECT * FROM monitoring_targets") ==
          Rows{{"1", "layers.0.ffn.output", "0", "0"}, {"2", "layers.1.weight", "0", "0"}});
    CHECK(trend_query(root / "m.db", "SELECT * FROM global_stats") ==
          Rows{{"0", "2", "1", "norm,min", "norm,max,nans"}});
    // Columns in msprobe's order of statistics; step 4 has two micro steps, so step 6 starts at 2.
    CHECK(trend_query(root / "m.db", "SELECT * FROM trend_data WHERE rank = 1") ==
          Rows{{"1", "0", "1", "1", "2", "-1", "NULL", "NULL"},
               {"1", "0", "2", "2", "0.5", "NULL", "7", "0"},
               {"1", "1", "1", "1", "3", "-2", "NULL", "NULL"},
               {"1", "2", "1", "1", "4", "-3", "NULL", "NULL"},
               {"1", "2", "2", "2", "1000000001", "NULL", "8", "0"}});
    CHECK(trend_query(root / "m.db", "SELECT tag_name, category, metric_id FROM monitoring_tags") ==
          Rows{{"output", "module", "1"},
               {"ffn", "module", "1"},
               {"layers.0", "layer", "1"},
               {"layers", "module", "1"},
               {"weight", "module", "2"},
               {"layers.1", "layer", "2"},
               {"layers", "module", "2"}});

    REQUIRE(import_monitor_dirs(dirs, NameMapping(), {.count_micro_steps = false}, root / "s.db", "s.db", pool));
    CHECK(trend_query(root / "s.db", "SELECT * FROM monitoring_targets") == Rows{{"1", "layers.0.mlp.output", "0", "0"},
                                                                                 {"2", "layers.0.mlp.output", "0", "1"},
                                                                                 {"3", "layers.1.weight", "0", "0"}});
    CHECK(trend_query(root / "s.db", "SELECT min_step, max_step, max_rank FROM global_stats") == Rows{{"4", "6", "1"}});
    CHECK(trend_query(root / "s.db", "SELECT DISTINCT step FROM trend_data") == Rows{{"4"}, {"6"}});
}

TEST_CASE("rank folders without CSVs of a trend metric write nothing", "[data2db][monitor_import]") {
    const auto root = msprobe::testing::scratch_dir("monitor_import_none");
    fs::create_directories(root / "Dec03_21-34-40-rank0-host");
    std::ofstream(root / "Dec03_21-34-40-rank0-host" / "readme.csv") << "a\n";
    msprobe::ThreadPool pool(1);
    CHECK_FALSE(import_monitor_dirs(find_monitor_dirs(root), NameMapping(), {}, root / "m.db", "m.db", pool));
    CHECK_FALSE(fs::exists(root / "m.db"));
}
