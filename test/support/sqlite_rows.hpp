#pragma once
// The rows of one SQL query on a database file, every value as text (NULL as
// "NULL", integers in decimal, REAL with `real_digits` significant digits),
// for tests reading back the databases the commands write.
#include <sqlite3.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace msprobe::testing {

using SqliteRows = std::vector<std::vector<std::string>>;

struct SqliteQuery {
    SqliteRows rows;    // with the column names first when asked for
    std::string error;  // SQLite's message when the file could not be opened or the query not run
};

inline SqliteQuery sqlite_rows(const std::filesystem::path& db_path, const std::string& sql, int real_digits,
                               bool with_header) {
    SqliteQuery result;
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        result.error = "cannot open " + db_path.string();
        sqlite3_close(db);
        return result;
    }
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
        result.error = sqlite3_errmsg(db);
        sqlite3_close(db);
        return result;
    }
    const int columns = sqlite3_column_count(stmt);
    if (with_header) {
        auto& header = result.rows.emplace_back();
        for (int c = 0; c < columns; ++c) header.emplace_back(sqlite3_column_name(stmt, c));
    }
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        auto& row = result.rows.emplace_back();
        for (int c = 0; c < columns; ++c) {
            switch (sqlite3_column_type(stmt, c)) {
                case SQLITE_NULL: row.emplace_back("NULL"); break;
                case SQLITE_INTEGER: row.push_back(std::to_string(sqlite3_column_int64(stmt, c))); break;
                case SQLITE_FLOAT: {
                    char text[40];
                    std::snprintf(text, sizeof text, "%.*g", real_digits, sqlite3_column_double(stmt, c));
                    row.emplace_back(text);
                    break;
                }
                default: row.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(stmt, c))); break;
            }
        }
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return result;
}

}  // namespace msprobe::testing
