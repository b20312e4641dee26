#include "data2db/trend_schema.hpp"

#include <catch2/catch.hpp>

using namespace msprobe::data2db;

TEST_CASE("the base tables are msprobe's statements, its misspelt foreign key included", "[data2db][trend_schema]") {
    const auto& statements = base_table_statements();
    REQUIRE(statements.size() == 4);
    CHECK(
        statements[0].starts_with("\n        CREATE TABLE IF NOT EXISTS monitoring_targets (\n"
                                  "            target_id INTEGER PRIMARY KEY AUTOINCREMENT,\n"));
    CHECK(statements[1].find("metric_name TEXT UNIQUE NOT NULL\n        )") != std::string_view::npos);
    CHECK(statements[2].find("UNIQUE(tag_name, category, metric_id),") != std::string_view::npos);
    CHECK(
        statements[3].ends_with("            FOREIGN KEY (target_id) REFERENCES monitoring_target(target_id)\n"
                                "        )"));
}

TEST_CASE("trend_data has one REAL column per statistic on one line", "[data2db][trend_schema]") {
    CHECK(trend_table_statement({"norm", "max"}) ==
          "\n        CREATE TABLE IF NOT EXISTS trend_data (\n"
          "            rank INTEGER NOT NULL,\n"
          "            step INTEGER NOT NULL,\n"
          "            target_id INTEGER NOT NULL,\n"
          "            metric_id INTEGER NOT NULL,\n"
          "            norm REAL DEFAULT NULL, max REAL DEFAULT NULL,\n"
          "            PRIMARY KEY (rank, step, target_id, metric_id),\n"
          "            FOREIGN KEY (target_id) REFERENCES monitoring_targets(target_id),\n"
          "            FOREIGN KEY (metric_id) REFERENCES monitoring_metrics(metric_id)\n"
          "        ) WITHOUT ROWID");
    // Without statistics msprobe's text would not parse: the empty line is left out.
    CHECK(trend_table_statement({}).find("metric_id INTEGER NOT NULL,\n            PRIMARY KEY") != std::string::npos);
}

TEST_CASE("global_stats: numbers as INTEGER DEFAULT 0, lists as TEXT DEFAULT NULL", "[data2db][trend_schema]") {
    CHECK(global_stats_statement({{"max_rank", false}, {"forward", true}}) ==
          "\n        CREATE TABLE IF NOT EXISTS global_stats (\n"
          "            max_rank INTEGER DEFAULT 0, forward TEXT DEFAULT NULL\n"
          "        )");
}
