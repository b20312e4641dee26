// Which rows are compared (atb_data_compare.py: cal_comparison_metrics_by_stats
// and _by_tensor iterate the target map and skip names the golden map lacks).
#include <catch2/catch.hpp>

#include "atb_compare/matched_rows.hpp"

using namespace msprobe;

namespace {

atb::StatisticCsv csv_of(const std::vector<std::string>& names) {
    atb::StatisticCsv csv;
    for (const auto& name : names) {
        atb::StatisticRow row;
        row.data_name = name;
        csv.rows.push_back(row);
    }
    return csv;
}

}  // namespace

TEST_CASE("atb matched rows: target order, golden rows by name", "[atb_compare]") {
    const auto target = csv_of({"0_A/input.0", "1_B/input.0", "2_C/output.0"});
    const auto golden = csv_of({"2_C/output.0", "0_A/input.0", "3_D/input.0"});
    const auto rows = atb::matched_rows(target, golden);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].target == &target.rows[0]);
    CHECK(rows[0].golden == &golden.rows[1]);
    CHECK(rows[1].target == &target.rows[2]);
    CHECK(rows[1].golden == &golden.rows[0]);
    CHECK(atb::matched_rows(target, csv_of({"9_Z/input.0"})).empty());
    CHECK(atb::matched_rows(csv_of({}), golden).empty());
}
