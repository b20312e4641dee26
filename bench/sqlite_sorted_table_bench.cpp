// Loading a trend_data-shaped table (4 integer key columns, 4 REAL columns)
// straight into its b-tree: building the records and writing the pages, then
// SQLite's integrity check of the result, timed apart.
// Usage: msprobe_sqlite_sorted_table_bench [rows, default 5000000] [database, default /tmp/...]
#include <sqlite3.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "report/sqlite_output.hpp"
#include "report/sqlite_record.hpp"
#include "report/sqlite_sorted_table.hpp"

using namespace msprobe::report;

namespace {

double cpu_seconds(bool system) {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const timeval& t = system ? usage.ru_stime : usage.ru_utime;
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
    const std::int64_t rows = argc > 1 ? std::atoll(argv[1]) : 5000000;
    const std::filesystem::path path = argc > 2 ? argv[2] : "/tmp/msprobe_sqlite_sorted_table_bench.db";
    std::filesystem::remove(path);

    std::int64_t root = 0;
    {
        SqliteOutput out(path, path.string());
        out.exec(
            "CREATE TABLE trend_data (rank INTEGER NOT NULL, step INTEGER NOT NULL, target_id INTEGER NOT NULL, "
            "metric_id INTEGER NOT NULL, norm REAL DEFAULT NULL, max REAL DEFAULT NULL, min REAL DEFAULT NULL, "
            "mean REAL DEFAULT NULL, PRIMARY KEY (rank, step, target_id, metric_id)) WITHOUT ROWID");
        root = out.root_page("trend_data");
        out.commit();
        out.close();
    }

    // 8 ranks x 100 steps x 1250 targets x 5 metrics for 5 million rows.
    const auto start = std::chrono::steady_clock::now();
    const double user_start = cpu_seconds(false);
    const double system_start = cpu_seconds(true);
    SqliteSortedTableWriter writer(path, path.string(), root);
    SqliteRecord record;
    std::uint64_t state = 0x9e3779b97f4a7c15ULL;
    for (std::int64_t i = 0; i < rows; ++i) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        const double value = static_cast<double>(state >> 11) * 0x1p-53;
        record.clear();
        record.integer(i / 625000);
        record.integer((i / 6250) % 100);
        record.integer((i / 5) % 1250 + 1);
        record.integer(i % 5 + 1);
        record.real_affinity(value * 100.0);
        record.real_affinity(value * 3.0);
        record.real_affinity(-value);
        record.real_affinity(value - 0.5);
        writer.add(record.bytes());
    }
    writer.finish();
    const double load = seconds_since(start);
    const double load_user = cpu_seconds(false) - user_start;
    const double load_system = cpu_seconds(true) - system_start;

    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    const auto check_start = std::chrono::steady_clock::now();
    sqlite3_stmt* stmt = nullptr;
    sqlite3_prepare_v2(db, "PRAGMA quick_check", -1, &stmt, nullptr);
    const bool ok = sqlite3_step(stmt) == SQLITE_ROW &&
                    std::string(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0))) == "ok";
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    std::printf("%lld rows: load %.3f s (user %.3f s, system %.3f s), %.1f MB; SQLite quick_check %s in %.2f s\n",
                static_cast<long long>(rows), load, load_user, load_system,
                static_cast<double>(std::filesystem::file_size(path)) / 1e6, ok ? "ok" : "FAILED",
                seconds_since(check_start));
    std::filesystem::remove(path);
    return ok ? 0 : 1;
}
