#include "data2db/trend_database.hpp"

#include <catch2/catch.hpp>

#include "support/shared_fixtures.hpp"
#include "support/trend_database_rows.hpp"

using namespace msprobe::data2db;
using msprobe::testing::trend_query;
using Rows = msprobe::testing::TrendRows;

TEST_CASE("ids as SQLite hands them to msprobe's INSERT OR IGNORE, first rows kept", "[data2db][trend_database]") {
    const auto path = msprobe::testing::scratch_dir("trend_database") / "t.db";
    {
        TrendDatabase db(path, "t.db");
        CHECK(db.add_metric("forward") == 1);
        CHECK(db.add_metric("backward") == 2);
        CHECK(db.add_target("a.input.0", 0, 0) == 1);
        CHECK(db.add_target("a.input.0", 0, 0) == 1);  // there already: its id, and the sequence moves on
        CHECK(db.add_target("a.input.0", 0, 1) == 3);
        db.create_trend_table({"norm", "max"});
        const std::vector<std::optional<double>> first{1.5, std::nullopt};
        const std::vector<std::optional<double>> second{9.0, 9.0};
        CHECK(db.add_trend_row(0, 2, 1, 1, first));
        CHECK_FALSE(db.add_trend_row(0, 2, 1, 1, second));
        db.write_global_stats({{"max_rank", std::int64_t{3}}, {"forward", std::vector<std::string>{"norm", "max"}}});
        db.add_target_tags(1, {{1, {{"input.0", "index"}, {"a", "function"}}}, {3, {{"input.0", "index"}}}});
        db.finish();
    }
    CHECK(trend_query(path, "SELECT * FROM monitoring_targets") ==
          Rows{{"1", "a.input.0", "0", "0"}, {"3", "a.input.0", "0", "1"}});
    CHECK(trend_query(path, "SELECT * FROM sqlite_sequence WHERE name = 'monitoring_targets'") ==
          Rows{{"monitoring_targets", "3"}});
    CHECK(trend_query(path, "SELECT * FROM trend_data") == Rows{{"0", "2", "1", "1", "1.5", "NULL"}});
    CHECK(trend_query(path, "SELECT * FROM global_stats") == Rows{{"3", "norm,max"}});
    CHECK(trend_query(path, "SELECT * FROM monitoring_tags") ==
          Rows{{"1", "input.0", "index", "1"}, {"2", "a", "function", "1"}});
    CHECK(trend_query(path, "SELECT tag_id, target_id FROM tag_target_mapping ORDER BY rowid") ==
          Rows{{"1", "1"}, {"2", "1"}, {"1", "3"}});
    CHECK(trend_query(path, "PRAGMA journal_mode") == Rows{{"delete"}});
}
