#include "report/sqlite_output.hpp"

#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <sys/stat.h>

#include "common/error.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::report::SqliteOutput;
namespace fs = std::filesystem;

namespace {
long long count_rows(const fs::path& path) {
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* stmt = nullptr;
    sqlite3_prepare_v2(db, "SELECT count(*), sum(b IS NULL) FROM t", -1, &stmt, nullptr);
    long long result = -1;
    if (sqlite3_step(stmt) == SQLITE_ROW) result = sqlite3_column_int64(stmt, 0) * 10 + sqlite3_column_int64(stmt, 1);
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return result;
}
}  // namespace

TEST_CASE("a database written in one transaction through prepared statements", "[report][sqlite_output]") {
    const auto path = msprobe::testing::scratch_dir("sqlite_output") / "out.db";
    {
        SqliteOutput out(path, "shown.db");
        out.exec("CREATE TABLE t (a TEXT, b REAL)");
        {
            SqliteOutput::Statement insert(out, "INSERT INTO t VALUES (?, ?)");
            insert.text(1, "x");
            insert.optional_real(2, 1.5);
            insert.run();
            CHECK(out.last_insert_rowid() == 1);
            insert.optional_text(1, std::nullopt);
            insert.optional_real(2, std::nullopt);
            insert.run();
            CHECK(out.changes() == 1);
        }
        out.commit();
        out.close();
    }
    CHECK(count_rows(path) == 21);
    CHECK_FALSE(fs::exists(path.string() + "-journal"));
}

TEST_CASE("a statement SQLite refuses is an error naming the shown file", "[report][sqlite_output]") {
    const auto path = msprobe::testing::scratch_dir("sqlite_output_error") / "out.db";
    SqliteOutput out(path, "shown.db");
    try {
        out.exec("CREATE TABLE (");
        FAIL("accepted");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == "shown.db");
        CHECK(e.reason().starts_with("cannot write the database: "));
    }
    CHECK_THROWS_AS(SqliteOutput::Statement(out, "INSERT INTO nowhere VALUES (1)"), msprobe::Error);
    CHECK_THROWS_AS(SqliteOutput(fs::path("/nonexistent/dir/x.db"), "x.db"), msprobe::Error);
}
