#include "data2db/dump_import.hpp"

#include <catch2/catch.hpp>

#include <fstream>

#include "support/shared_fixtures.hpp"
#include "support/trend_database_rows.hpp"

using namespace msprobe::data2db;
namespace fs = std::filesystem;
using msprobe::testing::trend_query;
using Rows = msprobe::testing::TrendRows;

namespace {

std::string tensor(double norm) {
    return R"({"type": "torch.Tensor", "dtype": "torch.bfloat16", "Max": 1, "Min": 0, "Mean": 0.5, "Norm": )" +
           std::to_string(norm) + "}";
}

// step<s>/rank<r>: a model called twice per step (two micro steps), each call one linear.
void write_rank(const fs::path& dir, double norm) {
    fs::create_directories(dir);
    std::ofstream(dir / "dump.json") << R"({"task": "statistics", "data": {)"
                                     << R"("Module.net.Net.forward.0": {"output": [)" << tensor(norm) << "]},"
                                     << R"("Functional.linear.0.forward": {"output": [)" << tensor(norm + 1) << "]},"
                                     << R"("Module.net.Net.forward.1": {"output": [)" << tensor(norm + 2) << "]},"
                                     << R"("Functional.linear.1.forward": {"output": [)" << tensor(norm + 3) << "]}}}";
    std::ofstream(dir / "construct.json") << R"({"Module.net.Net.forward.0": null,
        "Functional.linear.0.forward": "Module.net.Net.forward.0", "Module.net.Net.forward.1": null,
        "Functional.linear.1.forward": "Module.net.Net.forward.1"})";
}

}  // namespace

TEST_CASE("micro steps follow one another across steps, targets and tags as msprobe writes them",
          "[data2db][dump_import]") {
    const auto root = msprobe::testing::scratch_dir("dump_import");
    write_rank(root / "data" / "step3" / "rank0", 10);
    write_rank(root / "data" / "step5" / "rank1", 20);
    const DumpTree tree = find_dump_tree(root / "data");
    msprobe::ThreadPool pool(2);
    import_dump_tree(tree, NameMapping(), {}, root / "micro.db", "micro.db", pool);
    CHECK(trend_query(root / "micro.db", "SELECT * FROM monitoring_targets") ==
          Rows{{"1", "Module.net.Net.output.0", "0", "0"}, {"2", "Functional.linear.output.0", "0", "0"}});
    // step3: micro steps 0 and 1; step5 starts at 2.
    CHECK(trend_query(root / "micro.db", "SELECT rank, step, target_id, metric_id, norm FROM trend_data") ==
          Rows{{"0", "0", "1", "1", "10"},
               {"0", "0", "2", "1", "11"},
               {"0", "1", "1", "1", "12"},
               {"0", "1", "2", "1", "13"},
               {"1", "2", "1", "1", "20"},
               {"1", "2", "2", "1", "21"},
               {"1", "3", "1", "1", "22"},
               {"1", "3", "2", "1", "23"}});
    CHECK(trend_query(root / "micro.db", "SELECT * FROM global_stats") ==
          Rows{{"1", "0", "3", "norm,max,min,mean", "norm,max,min,mean", "norm,max,min,mean", "norm,max,min,mean"}});
    CHECK(trend_query(root / "micro.db", "SELECT tag_name, category, metric_id FROM monitoring_tags") ==
          Rows{{"output.0", "index", "1"},
               {"Module", "default", "1"},
               {"net.Net", "module", "1"},
               {"Functional.linear", "function", "1"}});

    import_dump_tree(tree, NameMapping(), {.count_micro_steps = false}, root / "steps.db", "steps.db", pool);
    CHECK(trend_query(root / "steps.db", "SELECT * FROM monitoring_targets") ==
          Rows{{"1", "Module.net.Net.output.0", "0", "0"},
               {"2", "Functional.linear.output.0", "0", "0"},
               {"3", "Module.net.Net.output.0", "0", "1"},
               {"4", "Functional.linear.output.0", "0", "1"}});
    CHECK(trend_query(root / "steps.db", "SELECT DISTINCT step FROM trend_data") == Rows{{"3"}, {"5"}});
    CHECK(trend_query(root / "steps.db", "SELECT max_rank, min_step, max_step FROM global_stats") ==
          Rows{{"1", "3", "5"}});
}

TEST_CASE("msprobe's databases of a 2-rank dump, table by table", "[data2db][dump_import][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path data = *fixtures / "dumps" / "dist_statistics_L1_2ranks" / "npu";
    const fs::path expected = *fixtures / "expected_august" / "dist_statistics_L1_2ranks";
    const auto out = msprobe::testing::scratch_dir("dump_import_fixture");
    msprobe::ThreadPool pool(2);
    const DumpTree tree = find_dump_tree(data);
    import_dump_tree(tree, NameMapping(), {}, out / "micro.db", "micro.db", pool);
    CHECK(msprobe::testing::trend_database_differences(
              out / "micro.db", expected / "data2db.npu_root" / "dump_data.trend.db") == std::vector<std::string>{});
    import_dump_tree(tree, NameMapping(), {.count_micro_steps = false}, out / "steps.db", "steps.db", pool);
    CHECK(msprobe::testing::trend_database_differences(
              out / "steps.db", expected / "data2db.npu_root_no_micro_step" / "dump_data.trend.db") ==
          std::vector<std::string>{});
    // Target ids skip where msprobe's INSERT OR IGNORE met a target of another metric.
    CHECK(trend_query(out / "micro.db", "SELECT seq FROM sqlite_sequence WHERE name = 'monitoring_targets'") ==
          Rows{{"67"}});
}
