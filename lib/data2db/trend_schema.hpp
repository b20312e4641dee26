#pragma once
// The tables of a trend database (dump_data.trend.db, monitor_data.trend.db),
// created by statements whose texts are msprobe's to the byte: sqlite_master
// keeps them, and a viewer or a diff of two databases reads them there. The
// tag mapping's foreign key names a table "monitoring_target" that does not
// exist; foreign keys are never enforced on these databases, so the text is
// kept as msprobe writes it.
#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::data2db {

// monitoring_targets, monitoring_metrics, monitoring_tags, tag_target_mapping, in that order.
const std::array<std::string_view, 4>& base_table_statements();

// trend_data: rank, step, target_id, metric_id, then one REAL column per statistic in `stats`' order.
std::string trend_table_statement(const std::vector<std::string>& stats);

// A column of global_stats: an integer (step range, ranks) or a list of statistics stored as "a,b,c".
struct GlobalStatColumn {
    std::string name;
    bool is_list = false;
};

std::string global_stats_statement(const std::vector<GlobalStatColumn>& columns);

}  // namespace msprobe::data2db
