#pragma once
// Databases for the tests of SqliteSortedTableWriter: the tables created by
// SQLite at a chosen page size, then rows loaded through the writer.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "report/sqlite_output.hpp"
#include "report/sqlite_record.hpp"
#include "report/sqlite_sorted_table.hpp"

namespace msprobe::testing {

// Creates `path` with page size `page_size` running `statements`; the root page of `table`.
inline std::int64_t create_sqlite_database(const std::filesystem::path& path, int page_size,
                                           const std::vector<std::string>& statements, const std::string& table) {
    report::SqliteOutput out(path, path.filename().string(), false);
    out.exec("PRAGMA page_size=" + std::to_string(page_size));
    out.begin();
    for (const auto& statement : statements) out.exec(statement);
    const std::int64_t root = out.root_page(table);
    out.commit();
    out.close();
    return root;
}

// Loads `records` (in key order) into the table whose root page is `root`.
inline void load_sorted_records(const std::filesystem::path& path, std::int64_t root,
                                const std::vector<std::string>& records) {
    report::SqliteSortedTableWriter writer(path, path.filename().string(), root);
    for (const auto& record : records) writer.add(record);
    writer.finish();
}

}  // namespace msprobe::testing
