#pragma once
// One trend database being written: msprobe's tables (trend_schema), its rows
// inserted as msprobe inserts them (INSERT OR IGNORE: the first row of a key
// stays), ids handed out by SQLite in the same order, so target, metric and
// tag ids come out as msprobe's wherever its order is fixed. The file is a
// staged one, written in one transaction (report::SqliteOutput).
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "data2db/trend_row_runs.hpp"
#include "data2db/trend_tags.hpp"
#include "report/sqlite_output.hpp"

namespace msprobe::data2db {

// A global_stats column and its one value: a number, or a list of statistic names stored as "a,b,c".
struct GlobalStat {
    std::string name;
    std::variant<std::int64_t, std::vector<std::string>> value;
};

// A target of one metric and its tags, for add_target_tags.
struct TaggedTarget {
    std::int64_t target_id = 0;
    std::vector<TrendTag> tags;
};

class TrendDatabase {
public:
    // Creates the database with its four base tables.
    TrendDatabase(const std::filesystem::path& path, std::string shown_name);

    std::int64_t add_metric(std::string_view name);
    // The target's id: a new one when the (name, vpp stage, micro step) is new, else the one it has (an id of the
    // sequence is used up then too, as by msprobe's INSERT OR IGNORE).
    std::int64_t add_target(const std::string& name, std::int64_t vpp_stage, std::int64_t micro_step);
    // trend_data with one REAL column per statistic, in `stats`' order.
    void create_trend_table(const std::vector<std::string>& stats);
    // A row: one value per statistic of create_trend_table (nullopt: NULL); false when a row of its key was
    // there first (INSERT OR IGNORE).
    bool add_trend_row(std::int64_t rank, std::int64_t step, std::int64_t target_id, std::int64_t metric_id,
                       std::span<const std::optional<double>> values);
    void write_global_stats(const std::vector<GlobalStat>& stats);
    // The tags of one metric's targets: every tag once, in the order the targets give them, then each
    // target's links to its tags.
    void add_target_tags(std::int64_t metric_id, const std::vector<TaggedTarget>& targets);

    // Commits and closes the file.
    void finish();
    // The rows of trend_data (create_trend_table first) gathered for finish(rows), their pages in a file beside the
    // database.
    TrendRowRuns trend_row_runs();
    // Commits and closes the file, then writes `rows` into trend_data (empty until then) as its b-tree.
    void finish(TrendRowRuns& rows);

private:
    std::filesystem::path path_;
    std::string shown_name_;
    report::SqliteOutput output_;
    std::unique_ptr<report::SqliteOutput::Statement> insert_target_;
    std::unique_ptr<report::SqliteOutput::Statement> insert_trend_;
    std::size_t trend_values_ = 0;
    std::map<std::tuple<std::string, std::int64_t, std::int64_t>, std::int64_t> target_ids_;
};

}  // namespace msprobe::data2db
