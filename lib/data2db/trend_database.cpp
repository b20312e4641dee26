#include "data2db/trend_database.hpp"

#include <fmt/format.h>

#include "common/error.hpp"
#include "data2db/trend_schema.hpp"

namespace msprobe::data2db {

TrendDatabase::TrendDatabase(const std::filesystem::path& path, std::string shown_name)
    : path_(path), shown_name_(shown_name), output_(path, std::move(shown_name)) {
    for (const auto statement : base_table_statements()) output_.exec(std::string(statement));
    insert_target_ = std::make_unique<report::SqliteOutput::Statement>(
        output_, "INSERT OR IGNORE INTO monitoring_targets (target_name, vpp_stage, micro_step) VALUES (?, ?, ?)");
}

std::int64_t TrendDatabase::add_metric(std::string_view name) {
    report::SqliteOutput::Statement insert(output_,
                                           "INSERT OR IGNORE INTO monitoring_metrics (metric_name) VALUES (?)");
    insert.text(1, name);
    insert.run();
    return output_.last_insert_rowid();
}

std::int64_t TrendDatabase::add_target(const std::string& name, std::int64_t vpp_stage, std::int64_t micro_step) {
    // The statement runs even for a target that is there: SQLite then takes an id from the sequence all the
    // same (the ids after it skip one), as msprobe's INSERT OR IGNORE does.
    insert_target_->text(1, name);
    insert_target_->integer(2, vpp_stage);
    insert_target_->integer(3, micro_step);
    insert_target_->run();
    auto key = std::make_tuple(name, vpp_stage, micro_step);
    if (output_.changes() == 0) return target_ids_.at(key);
    const std::int64_t id = output_.last_insert_rowid();
    target_ids_.emplace(std::move(key), id);
    return id;
}

void TrendDatabase::create_trend_table(const std::vector<std::string>& stats) {
    output_.exec(trend_table_statement(stats));
    trend_values_ = stats.size();
    std::string placeholders = "?, ?, ?, ?";
    for (std::size_t i = 0; i < stats.size(); ++i) placeholders += ", ?";
    insert_trend_ = std::make_unique<report::SqliteOutput::Statement>(
        output_, fmt::format("INSERT OR IGNORE INTO trend_data VALUES ({})", placeholders));
}

bool TrendDatabase::add_trend_row(std::int64_t rank, std::int64_t step, std::int64_t target_id, std::int64_t metric_id,
                                  std::span<const std::optional<double>> values) {
    if (values.size() != trend_values_) throw std::logic_error("a trend row needs one value per statistic");
    insert_trend_->integer(1, rank);
    insert_trend_->integer(2, step);
    insert_trend_->integer(3, target_id);
    insert_trend_->integer(4, metric_id);
    for (std::size_t i = 0; i < values.size(); ++i) insert_trend_->optional_real(static_cast<int>(i) + 5, values[i]);
    insert_trend_->run();
    return output_.changes() > 0;
}

void TrendDatabase::write_global_stats(const std::vector<GlobalStat>& stats) {
    std::vector<GlobalStatColumn> columns;
    std::string placeholders;
    for (const auto& stat : stats) {
        columns.push_back({stat.name, std::holds_alternative<std::vector<std::string>>(stat.value)});
        placeholders += placeholders.empty() ? "?" : ", ?";
    }
    output_.exec(global_stats_statement(columns));
    report::SqliteOutput::Statement insert(output_,
                                           fmt::format("INSERT OR IGNORE INTO global_stats VALUES ({})", placeholders));
    for (std::size_t i = 0; i < stats.size(); ++i) {
        const int column = static_cast<int>(i) + 1;
        if (const auto* number = std::get_if<std::int64_t>(&stats[i].value)) {
            insert.integer(column, *number);
        } else {
            insert.text(column, fmt::format("{}", fmt::join(std::get<std::vector<std::string>>(stats[i].value), ",")));
        }
    }
    insert.run();
}

void TrendDatabase::add_target_tags(std::int64_t metric_id, const std::vector<TaggedTarget>& targets) {
    report::SqliteOutput::Statement insert_tag(
        output_, "INSERT OR IGNORE INTO monitoring_tags (tag_name, category, metric_id) VALUES (?, ?, ?)");
    std::map<std::pair<std::string, std::string>, std::int64_t> tag_ids;
    for (const auto& target : targets) {
        for (const auto& tag : target.tags) {
            auto key = std::make_pair(tag.name, tag.category);
            if (tag_ids.contains(key)) continue;
            insert_tag.text(1, tag.name);
            insert_tag.text(2, tag.category);
            insert_tag.integer(3, metric_id);
            insert_tag.run();
            tag_ids.emplace(std::move(key), output_.last_insert_rowid());
        }
    }
    report::SqliteOutput::Statement insert_link(
        output_, "INSERT OR IGNORE INTO tag_target_mapping (target_id, tag_id) VALUES (?, ?)");
    for (const auto& target : targets) {
        for (const auto& tag : target.tags) {
            insert_link.integer(1, target.target_id);
            insert_link.integer(2, tag_ids.at({tag.name, tag.category}));
            insert_link.run();
        }
    }
}

void TrendDatabase::finish() {
    insert_target_.reset();
    insert_trend_.reset();
    output_.commit();
    output_.close();
}

TrendRowRuns TrendDatabase::trend_row_runs() {
    return TrendRowRuns(trend_values_, path_.string() + "-trend_data", shown_name_, output_.page_size());
}

void TrendDatabase::finish(TrendRowRuns& rows) {
    const std::int64_t root = output_.root_page("trend_data");
    finish();
    rows.write_into(path_, root);
}

}  // namespace msprobe::data2db
