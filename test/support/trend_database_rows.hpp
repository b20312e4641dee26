#pragma once
// Two trend databases (data2db's) compared table by table, row by row, for
// the tests: the schema texts exactly, ids exactly, except where msprobe's
// order comes from a Python set (tag ids, the statistics lists of
// global_stats): tags are compared by name, category and metric, a tag link
// by its tag's name, a list by its members.
#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/sqlite_rows.hpp"

namespace msprobe::testing {

using TrendRows = std::vector<std::vector<std::string>>;

// The rows of `sql`, each value as text (NULL as "NULL", REAL with 17 significant digits); the error as one row.
inline TrendRows trend_query(const std::filesystem::path& db_path, const std::string& sql) {
    auto query = sqlite_rows(db_path, sql, 17, false);
    if (!query.error.empty()) return {{"error: " + query.error}};
    return std::move(query.rows);
}

// "a,b,c" with its members sorted.
inline std::string sorted_list(const std::string& text) {
    std::vector<std::string> parts;
    std::stringstream in(text);
    for (std::string part; std::getline(in, part, ',');) parts.push_back(part);
    std::sort(parts.begin(), parts.end());
    std::string out;
    for (const auto& part : parts) out += (out.empty() ? "" : ",") + part;
    return out;
}

// A table's rows in a form that does not depend on Python's set order.
inline std::multiset<std::vector<std::string>> comparable_rows(const std::filesystem::path& db,
                                                               const std::string& table) {
    std::multiset<std::vector<std::string>> rows;
    if (table == "monitoring_tags") {
        for (auto row : trend_query(db, "SELECT tag_name, category, metric_id FROM monitoring_tags")) rows.insert(row);
    } else if (table == "tag_target_mapping") {
        for (auto row : trend_query(db,
                                    "SELECT t.tag_name, t.category, t.metric_id, m.target_id FROM "
                                    "tag_target_mapping m JOIN monitoring_tags t ON m.tag_id = t.tag_id")) {
            rows.insert(row);
        }
    } else if (table == "global_stats") {
        const auto types = trend_query(db, "SELECT type FROM pragma_table_info('global_stats')");
        for (auto row : trend_query(db, "SELECT * FROM global_stats")) {
            for (std::size_t c = 0; c < row.size() && c < types.size(); ++c) {
                if (types[c][0] == "TEXT") row[c] = sorted_list(row[c]);
            }
            rows.insert(row);
        }
    } else {
        for (auto row : trend_query(db, "SELECT * FROM " + table)) rows.insert(row);
    }
    return rows;
}

// Empty when `ours` holds what `expected` holds; else one line per difference.
inline std::vector<std::string> trend_database_differences(const std::filesystem::path& ours,
                                                           const std::filesystem::path& expected) {
    std::vector<std::string> differences;
    const std::string schema = "SELECT name, sql FROM sqlite_master ORDER BY name";
    const auto our_schema = trend_query(ours, schema);
    const auto expected_schema = trend_query(expected, schema);
    std::map<std::string, std::string> our_tables, expected_tables;
    for (const auto& row : our_schema) our_tables[row[0]] = row.size() > 1 ? row[1] : "";
    for (const auto& row : expected_schema) expected_tables[row[0]] = row.size() > 1 ? row[1] : "";
    for (const auto& [name, sql] : expected_tables) {
        if (our_tables[name] != sql) differences.push_back("schema of " + name + ": " + our_tables[name]);
    }
    if (our_tables.size() != expected_tables.size()) differences.push_back("tables differ in number");
    for (const auto& [name, sql] : expected_tables) {
        if (sql.empty()) continue;  // an automatic index
        const auto ours_rows = comparable_rows(ours, name);
        const auto expected_rows = comparable_rows(expected, name);
        if (ours_rows == expected_rows) continue;
        std::ostringstream text;
        text << name << ": " << ours_rows.size() << " rows, expected " << expected_rows.size();
        for (const auto& row : expected_rows) {
            if (ours_rows.count(row) == expected_rows.count(row)) continue;
            text << "; first differing expected row:";
            for (const auto& v : row) text << " " << v;
            break;
        }
        differences.push_back(text.str());
    }
    return differences;
}

}  // namespace msprobe::testing
