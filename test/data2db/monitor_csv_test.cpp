#include "data2db/monitor_csv.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::data2db;
using msprobe::testing::scratch_file;

TEST_CASE("rows, their statistics and the rows msprobe passes over", "[data2db][monitor_csv]") {
    const auto file = scratch_file("monitor_csv", "other_0-9.csv",
                                   "vpp_stage,name,step,micro_step,norm,max,entropy,bogus\n"
                                   "0,layers.1.a,0,0,inf,1e12,nan,x\n"
                                   "0,layers.1.b,0,1,-inf,-2e10,,y\n"
                                   ",layers.1.c,1,0,1.5,2,3,z\n"
                                   "1,None,3,2,  4.5,NaN,7,w\n");
    const MonitorCsv csv = read_monitor_csv(file);
    CHECK(csv.stats == std::vector<std::string>{"norm", "max", "entropy"});
    REQUIRE(csv.rows.size() == 3);
    CHECK(csv.rows[0].name == "layers.1.a");
    CHECK(csv.rows[0].stats == std::vector<std::optional<double>>{1000000001.0, 1e9, std::nullopt});
    CHECK(csv.rows[1].micro_step == 1);
    CHECK(csv.rows[1].stats == std::vector<std::optional<double>>{-1000000001.0, -1e9, std::nullopt});
    CHECK(csv.rows[2].name == "None");  // pandas 1.5 reads it as a text
    CHECK(csv.rows[2].vpp_stage == 1);
    CHECK(csv.rows[2].step == 3);
    CHECK(csv.rows[2].stats == std::vector<std::optional<double>>{4.5, std::nullopt, 7.0});
    CHECK(csv.skipped == std::vector<std::string>{"cannot convert float NaN to integer"});
}

TEST_CASE("a column with a text is read as texts, then with Python's int() and float()", "[data2db][monitor_csv]") {
    const auto file = scratch_file("monitor_csv_texts", "param_origin_0-9.csv",
                                   "vpp_stage,name,step,norm,min\n"
                                   "0,w.0,0,abc,1\n"
                                   "x,w.1,1,2.5,1\n"
                                   "1_0,w.2,2, 3 ,1\n"
                                   "1.5,3,2,1e400,1\n");
    const MonitorCsv csv = read_monitor_csv(file);
    CHECK(csv.skipped == std::vector<std::string>{"invalid literal for int() with base 10: 'x'",
                                                  "invalid literal for int() with base 10: '1.5'"});
    REQUIRE(csv.rows.size() == 2);
    CHECK_FALSE(csv.rows[0].stats[0]);
    CHECK(csv.rows[0].micro_step == 0);  // no micro_step column
    CHECK(csv.rows[1].vpp_stage == 10);
    CHECK(csv.rows[1].stats[0] == 3.0);
}

TEST_CASE("numbers typed per column: floats truncated to ints, numeric names printed back", "[data2db][monitor_csv]") {
    const auto file = scratch_file("monitor_csv_numbers", "actv_0-9.csv",
                                   "vpp_stage,name,step,micro_step,norm\n"
                                   "1.9,1.5,2,1,True\n"
                                   "0,2,3.0,0,5\n");
    const MonitorCsv csv = read_monitor_csv(file);
    REQUIRE(csv.rows.size() == 2);
    CHECK(csv.rows[0].vpp_stage == 1);
    CHECK(csv.rows[0].name == "1.5");
    CHECK(csv.rows[1].name == "2.0");
    CHECK(csv.rows[1].step == 3);
    CHECK_FALSE(csv.rows[0].stats[0]);  // "True" in a column with a number: a text no float() reads
    CHECK(csv.rows[1].stats[0] == 5.0);
}

TEST_CASE("a CSV without a header or with a row wider than it is refused", "[data2db][monitor_csv]") {
    CHECK_THROWS_AS(read_monitor_csv(scratch_file("monitor_csv_empty", "actv_0-1.csv", "")), msprobe::Error);
    try {
        read_monitor_csv(scratch_file("monitor_csv_wide", "actv_0-1.csv", "vpp_stage,name\n0,a\n0,b,c\n"));
        FAIL("accepted");
    } catch (const msprobe::Error& e) {
        CHECK(e.reason() == "Expected 2 fields in line 3, saw 3");
    }
    const auto missing = read_monitor_csv(scratch_file("monitor_csv_no_vpp", "actv_0-1.csv", "name,norm\na,1\n"));
    CHECK(missing.skipped == std::vector<std::string>{"'vpp_stage'"});
}
