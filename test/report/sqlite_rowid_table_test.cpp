#include "report/sqlite_rowid_table.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "report/sqlite_output.hpp"
#include "report/sqlite_record.hpp"
#include "support/shared_fixtures.hpp"
#include "support/sorted_table_database.hpp"
#include "support/sqlite_rows.hpp"

using msprobe::report::SqliteOutput;
using msprobe::report::SqliteRecord;
using msprobe::report::SqliteRowidTableWriter;
using msprobe::testing::create_sqlite_database;
using Rows = msprobe::testing::SqliteRows;
namespace fs = std::filesystem;

namespace {

Rows query(const fs::path& path, const std::string& sql) {
    auto result = msprobe::testing::sqlite_rows(path, sql, 17, false);
    INFO(sql);
    REQUIRE(result.error.empty());
    return std::move(result.rows);
}

// Tables around the loaded one, filled by SQLite, so that other b-trees' pages stand before and after its root.
std::vector<std::string> schema() {
    return {"CREATE TABLE before_t (id INTEGER PRIMARY KEY, name TEXT)",
            "INSERT INTO before_t VALUES (1, 'first'), (2, 'second')",
            "CREATE TABLE t (name TEXT, n INTEGER, x REAL, note TEXT)",
            "CREATE TABLE after_t (id INTEGER PRIMARY KEY, name TEXT)",
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) "
            "INSERT INTO after_t SELECT i, printf('name %05d of the table after', i) FROM n"};
}

struct Row {
    std::int64_t rowid;
    std::string name;
    std::int64_t n;
    double x;
    std::string note;  // "" is NULL
};

// Rows of sizes from a few bytes to many pages, rowids ascending with gaps.
std::vector<Row> rows_of(std::size_t count, std::size_t page_size) {
    const std::vector<std::size_t> lengths{
        0, 3, page_size / 4, page_size - 40, page_size - 30, page_size, 3 * page_size + 11, 12};
    std::vector<Row> rows;
    std::int64_t rowid = 0;
    for (std::size_t i = 0; i < count; ++i) {
        rowid += 1 + static_cast<std::int64_t>(i % 3 == 0 ? 1000 * i : 0);
        std::string note(lengths[i % lengths.size()], static_cast<char>('a' + i % 26));
        for (std::size_t k = 0; k < note.size(); k += 89) note[k] = static_cast<char>('A' + (k / 89) % 26);
        rows.push_back({rowid, fmt::format("row {}", i), static_cast<std::int64_t>(i) * 7 - 3,
                        static_cast<double>(i) / 3.0, note});
    }
    return rows;
}

void load(const fs::path& path, std::int64_t root, const std::vector<Row>& rows) {
    SqliteRowidTableWriter writer(path, path.filename().string(), root);
    SqliteRecord record;
    for (const Row& row : rows) {
        record.clear();
        record.text(row.name);
        record.integer(row.n);
        record.real(row.x);
        if (row.note.empty())
            record.null();
        else
            record.text(row.note);
        writer.add(row.rowid, record.bytes());
    }
    writer.finish();
}

void insert(const fs::path& path, const std::vector<Row>& rows) {
    SqliteOutput out(path, path.filename().string());
    {
        SqliteOutput::Statement statement(out, "INSERT INTO t (rowid, name, n, x, note) VALUES (?, ?, ?, ?, ?)");
        for (const Row& row : rows) {
            statement.integer(1, row.rowid);
            statement.text(2, row.name);
            statement.integer(3, row.n);
            statement.real(4, row.x);
            if (row.note.empty())
                statement.null(5);
            else
                statement.text(5, row.note);
            statement.run();
        }
    }
    out.commit();
    out.close();
}

}  // namespace

TEST_CASE("rows loaded into a rowid table read back as SQLite's own INSERTs give them",
          "[report][sqlite_rowid_table]") {
    for (const std::size_t page_size : {512, 4096, 65536}) {
        for (const std::size_t count : {0, 1, 2, 9, 40, 3000}) {
            INFO("page size " << page_size << ", " << count << " rows");
            const auto dir = msprobe::testing::scratch_dir(fmt::format("rowid_table_{}_{}", page_size, count));
            const auto root = create_sqlite_database(dir / "loaded.db", static_cast<int>(page_size), schema(), "t");
            create_sqlite_database(dir / "reference.db", static_cast<int>(page_size), schema(), "t");
            const auto rows = rows_of(count, page_size);
            load(dir / "loaded.db", root, rows);
            insert(dir / "reference.db", rows);
            CHECK(query(dir / "loaded.db", "PRAGMA integrity_check") == Rows{{"ok"}});
            const std::string all = "SELECT rowid, name, n, x, typeof(note), length(note), note FROM t ORDER BY rowid";
            CHECK(query(dir / "loaded.db", all).size() == count);
            CHECK(query(dir / "loaded.db", all) == query(dir / "reference.db", all));
            if (count > 0) {
                const std::string one = fmt::format("SELECT name FROM t WHERE rowid = {}", rows.back().rowid);
                CHECK(query(dir / "loaded.db", one) == Rows{{rows.back().name}});
            }
            // The tables beside it are whole, and SQLite writes on after the load.
            CHECK(query(dir / "loaded.db", "SELECT count(*) FROM after_t") == Rows{{"300"}});
            {
                SqliteOutput out(dir / "loaded.db", "loaded.db");
                out.exec("INSERT INTO t (name) VALUES ('after the load')");
                out.exec("INSERT INTO after_t (name) VALUES ('more')");
                out.commit();
                out.close();
            }
            CHECK(query(dir / "loaded.db", "PRAGMA integrity_check") == Rows{{"ok"}});
            CHECK(query(dir / "loaded.db", "SELECT count(*) FROM t") == Rows{{std::to_string(count + 1)}});
        }
    }
}

TEST_CASE("many small rows make a rowid tree of several levels", "[report][sqlite_rowid_table]") {
    const auto dir = msprobe::testing::scratch_dir("rowid_table_deep");
    const auto root = create_sqlite_database(dir / "loaded.db", 512, schema(), "t");
    std::vector<Row> rows;
    for (std::int64_t i = 1; i <= 60000; ++i) rows.push_back({i, "r", i, 0.5, ""});
    load(dir / "loaded.db", root, rows);
    CHECK(query(dir / "loaded.db", "PRAGMA integrity_check") == Rows{{"ok"}});
    CHECK(query(dir / "loaded.db", "SELECT count(*), sum(n), min(rowid), max(rowid) FROM t") ==
          Rows{{"60000", "1800030000", "1", "60000"}});
    CHECK(query(dir / "loaded.db", "SELECT n FROM t WHERE rowid = 31337") == Rows{{"31337"}});
}

TEST_CASE("the rowid table writer refuses what it cannot load", "[report][sqlite_rowid_table]") {
    const auto dir = msprobe::testing::scratch_dir("rowid_table_refusals");
    const auto root = create_sqlite_database(dir / "a.db", 4096, schema(), "t");
    {
        SqliteRowidTableWriter writer(dir / "a.db", "a.db", root);
        writer.add(5, "\x02\x08");
        CHECK_THROWS_AS(writer.add(5, "\x02\x08"), std::logic_error);
        CHECK_THROWS_AS(writer.add(4, "\x02\x08"), std::logic_error);
    }  // not finished: put back
    CHECK(query(dir / "a.db", "PRAGMA integrity_check") == Rows{{"ok"}});
    CHECK(query(dir / "a.db", "SELECT count(*) FROM t") == Rows{{"0"}});
    // An index's root is not a table leaf.
    {
        SqliteOutput out(dir / "a.db", "a.db");
        out.exec("CREATE INDEX t_name ON t (name)");
        out.commit();
        out.close();
    }
    std::int64_t index_root = 0;
    {
        SqliteOutput out(dir / "a.db", "a.db", false);
        index_root = out.root_page("t_name");
        out.close();
    }
    CHECK_THROWS_AS(SqliteRowidTableWriter(dir / "a.db", "a.db", index_root), std::logic_error);
}
