#include "data2db/monitor_dirs.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::data2db;
namespace fs = std::filesystem;

TEST_CASE("monitor folders: <time>-rank<N>-…, the later of one rank's folders counts", "[data2db][monitor_dirs]") {
    const auto root = msprobe::testing::scratch_dir("monitor_dirs");
    for (const char* name : {"Dec03_21-34-40-rank1-a", "Dec03_21-34-40-rank0-b", "Jan5_1-2-3-rank1-c", "rank2-x",
                             "Dec03_21-34-40-rank-3", "notes"}) {
        fs::create_directories(root / name);
    }
    const auto dirs = find_monitor_dirs(root);
    REQUIRE(dirs.size() == 2);
    CHECK(dirs[0].rank_text == "0");
    CHECK(dirs[0].dir == root / "Dec03_21-34-40-rank0-b");
    CHECK(dirs[1].rank == 1);
    CHECK(dirs[1].dir == root / "Jan5_1-2-3-rank1-c");
}

TEST_CASE("a folder whose time is no time stops the run, as in msprobe", "[data2db][monitor_dirs]") {
    const auto root = msprobe::testing::scratch_dir("monitor_dirs_bad_time");
    fs::create_directories(root / "run-rank0-x");
    CHECK_THROWS_AS(find_monitor_dirs(root), msprobe::Error);
}

TEST_CASE("time tags as datetime.strptime reads %b%d_%H-%M-%S", "[data2db][monitor_dirs]") {
    CHECK(is_monitor_time_tag("Dec03_21-34-40"));
    CHECK(is_monitor_time_tag("jan1_0-0-0"));
    CHECK(is_monitor_time_tag("Feb28_23-59-59"));
    CHECK_FALSE(is_monitor_time_tag("Feb29_00-00-00"));  // 1900 is no leap year
    CHECK_FALSE(is_monitor_time_tag("Apr31_00-00-00"));
    CHECK_FALSE(is_monitor_time_tag("Dec03_24-00-00"));
    CHECK_FALSE(is_monitor_time_tag("Dec03_21-34-60"));
    CHECK_FALSE(is_monitor_time_tag("Dec03_21-34-40x"));
    CHECK_FALSE(is_monitor_time_tag(""));
}

TEST_CASE("CSV file names of the trend metrics", "[data2db][monitor_dirs]") {
    CHECK(monitor_csv_metric("actv_0-99.csv") == "actv");
    CHECK(monitor_csv_metric("actv_grad_100-199.csv") == "actv_grad");
    CHECK(monitor_csv_metric("grad_reduced_0-0.csv.bak") == "grad_reduced");  // re.match: a prefix
    CHECK_FALSE(monitor_csv_metric("actv.csv"));
    CHECK_FALSE(monitor_csv_metric("xy_0-99.csv"));
    CHECK_FALSE(monitor_csv_metric("actv_0_99.csv"));
    CHECK_FALSE(monitor_csv_metric("actv_-99.csv"));
}
