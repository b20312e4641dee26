#include "data2db/trend_schema.hpp"

#include <fmt/format.h>

namespace msprobe::data2db {

namespace {

constexpr std::string_view kTargets = R"(
        CREATE TABLE IF NOT EXISTS monitoring_targets (
            target_id INTEGER PRIMARY KEY AUTOINCREMENT,
            target_name TEXT NOT NULL,
            vpp_stage INTEGER NOT NULL,
            micro_step INTEGER NOT NULL DEFAULT 0,
            UNIQUE(target_name, vpp_stage, micro_step)
        ))";

constexpr std::string_view kMetrics = R"(
        CREATE TABLE IF NOT EXISTS monitoring_metrics (
            metric_id INTEGER PRIMARY KEY AUTOINCREMENT,
            metric_name TEXT UNIQUE NOT NULL
        ))";

constexpr std::string_view kTags = R"(
        CREATE TABLE IF NOT EXISTS monitoring_tags (
            tag_id INTEGER PRIMARY KEY AUTOINCREMENT,
            tag_name TEXT NOT NULL,
            category TEXT NOT NULL,
            metric_id INTEGER NOT NULL,
            UNIQUE(tag_name, category, metric_id),
            FOREIGN KEY (metric_id) REFERENCES monitoring_metrics(metric_id)
        ))";

constexpr std::string_view kTagMapping = R"(
        CREATE TABLE IF NOT EXISTS tag_target_mapping (
            tag_id INTEGER NOT NULL,
            target_id INTEGER NOT NULL,
            PRIMARY KEY (tag_id, target_id),
            FOREIGN KEY (tag_id) REFERENCES monitoring_tags(tag_id),
            FOREIGN KEY (target_id) REFERENCES monitoring_target(target_id)
        ))";

}  // namespace

const std::array<std::string_view, 4>& base_table_statements() {
    static const std::array<std::string_view, 4> statements{kTargets, kMetrics, kTags, kTagMapping};
    return statements;
}

std::string trend_table_statement(const std::vector<std::string>& stats) {
    std::vector<std::string> columns;
    columns.reserve(stats.size());
    for (const auto& stat : stats) columns.push_back(fmt::format("{} REAL DEFAULT NULL", stat));
    // msprobe's text would hold an empty column line without statistics, which SQLite refuses: the line is left out.
    const std::string stat_line = stats.empty() ? "" : fmt::format("\n            {},", fmt::join(columns, ", "));
    return fmt::format(R"(
        CREATE TABLE IF NOT EXISTS trend_data (
            rank INTEGER NOT NULL,
            step INTEGER NOT NULL,
            target_id INTEGER NOT NULL,
            metric_id INTEGER NOT NULL,{}
            PRIMARY KEY (rank, step, target_id, metric_id),
            FOREIGN KEY (target_id) REFERENCES monitoring_targets(target_id),
            FOREIGN KEY (metric_id) REFERENCES monitoring_metrics(metric_id)
        ) WITHOUT ROWID)",
                       stat_line);
}

std::string global_stats_statement(const std::vector<GlobalStatColumn>& columns) {
    std::vector<std::string> definitions;
    definitions.reserve(columns.size());
    for (const auto& column : columns) {
        definitions.push_back(
            fmt::format("{} {}", column.name, column.is_list ? "TEXT DEFAULT NULL" : "INTEGER DEFAULT 0"));
    }
    return fmt::format(R"(
        CREATE TABLE IF NOT EXISTS global_stats (
            {}
        ))",
                       fmt::join(definitions, ", "));
}

}  // namespace msprobe::data2db
