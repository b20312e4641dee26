#pragma once
// Reads a .vis.db back for the graph tests: rows as the sqlite3 shell's csv
// export prints them (NULL as "NULL", REAL with 15 significant digits).
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "support/sqlite_rows.hpp"

namespace msprobe::testing {

using DbRows = SqliteRows;

// The result of `sql` with a header row first.
inline DbRows query_rows(const std::filesystem::path& db_path, const std::string& sql) {
    auto query = sqlite_rows(db_path, sql, 15, true);
    INFO(query.error);
    REQUIRE(query.error.empty());
    return std::move(query.rows);
}

// The one .vis.db a run wrote into `dir`.
inline std::filesystem::path only_database(const std::filesystem::path& dir) {
    std::vector<std::filesystem::path> found;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() == ".db") found.push_back(entry.path());
    }
    REQUIRE(found.size() == 1);
    return found.front();
}

}  // namespace msprobe::testing
