#pragma once
// Reads a .vis.db back for the graph tests: rows as the sqlite3 shell's csv
// export prints them (NULL as "NULL", REAL with 15 significant digits).
#include <sqlite3.h>

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace msprobe::testing {

using DbRows = std::vector<std::vector<std::string>>;

// The result of `sql` with a header row first.
inline DbRows query_rows(const std::filesystem::path& db_path, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    INFO(sqlite3_errmsg(db));
    REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK);
    DbRows rows(1);
    const int columns = sqlite3_column_count(stmt);
    for (int c = 0; c < columns; ++c) rows[0].emplace_back(sqlite3_column_name(stmt, c));
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        auto& row = rows.emplace_back();
        for (int c = 0; c < columns; ++c) {
            switch (sqlite3_column_type(stmt, c)) {
                case SQLITE_NULL: row.emplace_back("NULL"); break;
                case SQLITE_INTEGER: row.push_back(std::to_string(sqlite3_column_int64(stmt, c))); break;
                case SQLITE_FLOAT: {
                    char text[40];
                    std::snprintf(text, sizeof text, "%.15g", sqlite3_column_double(stmt, c));
                    row.emplace_back(text);
                    break;
                }
                default: row.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(stmt, c))); break;
            }
        }
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return rows;
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
