#include "data2db/trend_row_runs.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "report/sqlite_output.hpp"
#include "support/shared_fixtures.hpp"
#include "support/sqlite_rows.hpp"

using msprobe::data2db::TrendRowKey;
using msprobe::data2db::TrendRowRuns;
using Rows = msprobe::testing::SqliteRows;
namespace fs = std::filesystem;

namespace {

using Values = std::vector<std::optional<double>>;

// A database with an empty two-statistic trend_data and another table written after it; its root page.
std::int64_t make_database(const fs::path& path) {
    msprobe::report::SqliteOutput out(path, "trend.db");
    out.exec(
        "CREATE TABLE trend_data (rank INTEGER NOT NULL, step INTEGER NOT NULL, target_id INTEGER NOT NULL, "
        "metric_id INTEGER NOT NULL, a REAL DEFAULT NULL, b REAL DEFAULT NULL, "
        "PRIMARY KEY (rank, step, target_id, metric_id)) WITHOUT ROWID");
    out.exec("CREATE TABLE after_t (id INTEGER PRIMARY KEY, name TEXT)");
    out.exec("INSERT INTO after_t VALUES (1, 'kept')");
    const std::int64_t root = out.root_page("trend_data");
    out.commit();
    out.close();
    return root;
}

Rows rows_of(const fs::path& path, const std::string& sql) {
    auto result = msprobe::testing::sqlite_rows(path, sql, 17, false);
    INFO(sql);
    REQUIRE(result.error.empty());
    return std::move(result.rows);
}

}  // namespace

TEST_CASE("trend rows are written rank by rank in key order, the first row of a key kept",
          "[data2db][trend_row_runs]") {
    const auto dir = msprobe::testing::scratch_dir("trend_row_runs");
    const auto db = dir / "trend.db";
    const std::int64_t root = make_database(db);
    {
        TrendRowRuns runs(2, dir / "trend.db-trend_data", "trend.db", 4096);
        // Step 0: rank 1 then rank 0 (the order folders give), each file's rows in any order.
        runs.add({1, 0, 5, 1}, Values{1.0, std::nullopt});
        runs.add({1, 0, 2, 1}, Values{2.5, 3.0});
        runs.add({1, 0, 5, 1}, Values{9.0, 9.0});  // the same key again: INSERT OR IGNORE keeps the first
        runs.add({0, 0, 7, 2}, Values{std::nullopt, std::nullopt});
        runs.end_run();
        // Step 1, and enough rows of rank 2 to fill leaves of their own.
        runs.add({1, 1, 1, 1}, Values{4.0, -0.5});
        runs.add({0, 1, 1, 1}, Values{5.0, 1e9});
        for (int t = 0; t < 500; ++t) runs.add({2, 1, t, 1}, Values{t * 0.5, std::nullopt});
        runs.end_run();
        CHECK(runs.size() == 505);
        runs.write_into(db, root);
    }
    CHECK(rows_of(db, "PRAGMA integrity_check") == Rows{{"ok"}});
    CHECK(rows_of(db, "SELECT * FROM trend_data WHERE rank < 2 ORDER BY rank, step, target_id, metric_id") ==
          Rows{{"0", "0", "7", "2", "NULL", "NULL"},
               {"0", "1", "1", "1", "5", "1000000000"},
               {"1", "0", "2", "1", "2.5", "3"},
               {"1", "0", "5", "1", "1", "NULL"},
               {"1", "1", "1", "1", "4", "-0.5"}});
    // Whole numbers are stored as SQLite stores them in a REAL column, and read back as reals.
    CHECK(rows_of(db, "SELECT typeof(a), typeof(b) FROM trend_data WHERE rank = 0 AND step = 1") ==
          Rows{{"real", "real"}});
    CHECK(rows_of(db, "SELECT count(*), sum(a) FROM trend_data WHERE rank = 2") == Rows{{"500", "62375"}});
    CHECK(rows_of(db, "SELECT a FROM trend_data WHERE rank = 2 AND step = 1 AND target_id = 321 AND metric_id = 1") ==
          Rows{{"160.5"}});
    CHECK(rows_of(db, "SELECT name FROM after_t") == Rows{{"kept"}});
    CHECK_FALSE(fs::exists(dir / "trend.db-trend_data"));
}

TEST_CASE("a rank's run that does not start after its last one is refused", "[data2db][trend_row_runs]") {
    const auto dir = msprobe::testing::scratch_dir("trend_row_runs_order");
    TrendRowRuns runs(1, dir / "leaves", "trend.db", 4096);
    runs.add({3, 4, 1, 1}, Values{1.0});
    runs.end_run();
    runs.add({3, 4, 1, 1}, Values{2.0});
    CHECK_THROWS_AS(runs.end_run(), std::logic_error);
    CHECK_THROWS_AS(runs.add({0, 0, 1, 1}, Values{1.0, 2.0}), std::logic_error);  // one value per statistic
}

TEST_CASE("no rows leave trend_data empty and no file behind", "[data2db][trend_row_runs]") {
    const auto dir = msprobe::testing::scratch_dir("trend_row_runs_empty");
    const auto db = dir / "trend.db";
    const std::int64_t root = make_database(db);
    {
        TrendRowRuns runs(2, dir / "trend.db-trend_data", "trend.db", 4096);
        runs.write_into(db, root);
    }
    CHECK(rows_of(db, "PRAGMA integrity_check") == Rows{{"ok"}});
    CHECK(rows_of(db, "SELECT count(*) FROM trend_data") == Rows{{"0"}});
    CHECK_FALSE(fs::exists(dir / "trend.db-trend_data"));
}
