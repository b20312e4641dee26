#include "report/sqlite_sorted_table.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <sys/resource.h>

#include <csignal>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "report/sqlite_leaf_chain.hpp"
#include "report/sqlite_leaf_file.hpp"
#include "report/sqlite_output.hpp"
#include "report/sqlite_record.hpp"
#include "support/child_process.hpp"
#include "support/shared_fixtures.hpp"
#include "support/sorted_table_database.hpp"
#include "support/sqlite_rows.hpp"

using msprobe::report::SqliteOutput;
using msprobe::report::SqliteRecord;
using msprobe::report::SqliteSortedTableWriter;
using msprobe::testing::create_sqlite_database;
using msprobe::testing::load_sorted_records;
using msprobe::testing::sqlite_rows;
using Rows = msprobe::testing::SqliteRows;
namespace fs = std::filesystem;

namespace {

const std::string kTrendTable =
    "CREATE TABLE trend_data (rank INTEGER NOT NULL, step INTEGER NOT NULL, target_id INTEGER NOT NULL, "
    "metric_id INTEGER NOT NULL, norm REAL DEFAULT NULL, max REAL DEFAULT NULL, min REAL DEFAULT NULL, "
    "mean REAL DEFAULT NULL, PRIMARY KEY (rank, step, target_id, metric_id)) WITHOUT ROWID";
const std::string kTrendOrder = " ORDER BY rank, step, target_id, metric_id";

// Tables before and after the loaded one, filled by SQLite, so that pages of other b-trees follow its root.
std::vector<std::string> trend_database_statements() {
    return {"CREATE TABLE before_t (id INTEGER PRIMARY KEY, name TEXT)",
            "INSERT INTO before_t VALUES (1, 'first'), (2, 'second')",
            kTrendTable,
            "CREATE TABLE after_t (id INTEGER PRIMARY KEY, name TEXT)",
            "CREATE INDEX after_name ON after_t (name)",
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) "
            "INSERT INTO after_t SELECT i, printf('name %05d of the table after', i) FROM n"};
}

struct TrendRow {
    std::int64_t rank, step, target, metric;
    double norm, max, min, mean;
};

// Rows in strictly ascending key order. `uniform`: every record the same size (2-byte keys, no NULL, no
// whole-number real); otherwise keys 0 and 1, NaN and whole numbers (-0.0 first) appear too.
std::vector<TrendRow> trend_rows(std::size_t count, bool uniform) {
    const std::int64_t base = uniform ? 1000 : 0;
    std::vector<TrendRow> rows;
    rows.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        const auto n = static_cast<std::int64_t>(i);
        TrendRow row{base + n / 1000,
                     base + (n / 100) % 10,
                     base + (n / 10) % 10,
                     base + n % 10,
                     0.75 + static_cast<double>(n) * 1.5,
                     -(static_cast<double>(n) + 0.5) / 3.0,
                     1e-300 * static_cast<double>(n + 1),
                     std::sqrt(static_cast<double>(n) + 2.0) + 0.5};
        if (!uniform && n % 7 == 3) row.min = std::nan("");
        if (!uniform && n % 5 == 2) row.norm = static_cast<double>(n);
        if (!uniform && n % 5 == 4) row.max = -static_cast<double>(n % 3);  // -0.0, -1.0, -2.0
        rows.push_back(row);
    }
    return rows;
}

std::string trend_record(const TrendRow& row) {
    SqliteRecord record;
    record.integer(row.rank);
    record.integer(row.step);
    record.integer(row.target);
    record.integer(row.metric);
    record.real_affinity(row.norm);
    record.real_affinity(row.max);
    record.real_affinity(row.min);
    record.real_affinity(row.mean);
    return std::string(record.bytes());
}

void insert_trend_rows(const fs::path& path, const std::vector<TrendRow>& rows) {
    SqliteOutput out(path, path.filename().string());
    {
        SqliteOutput::Statement insert(out, "INSERT INTO trend_data VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
        for (const auto& row : rows) {
            insert.integer(1, row.rank);
            insert.integer(2, row.step);
            insert.integer(3, row.target);
            insert.integer(4, row.metric);
            insert.real(5, row.norm);
            insert.real(6, row.max);
            insert.real(7, row.min);
            insert.real(8, row.mean);
            insert.run();
        }
    }
    out.commit();
    out.close();
}

Rows query(const fs::path& path, const std::string& sql) {
    auto result = sqlite_rows(path, sql, 17, false);
    INFO(sql);
    REQUIRE(result.error.empty());
    return std::move(result.rows);
}

std::int64_t page_count(const fs::path& path) { return std::stoll(query(path, "PRAGMA page_count")[0][0]); }

// Loads `records` into dir/loaded.db through the writer and runs `inserts` on dir/reference.db through SQLite;
// the loaded file must pass SQLite's integrity check.
void load_with_reference(const fs::path& dir, std::int64_t root, const std::vector<std::string>& records,
                         const std::string& inserts) {
    load_sorted_records(dir / "loaded.db", root, records);
    {
        SqliteOutput out(dir / "reference.db", "reference.db");
        out.exec(inserts);
        out.commit();
        out.close();
    }
    CHECK(query(dir / "loaded.db", "PRAGMA integrity_check") == Rows{{"ok"}});
}

std::vector<std::uint8_t> file_bytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Levels from the root down its left-most children to a leaf.
int tree_depth(const fs::path& path, std::int64_t root, std::size_t page_size) {
    const auto bytes = file_bytes(path);
    int depth = 1;
    std::size_t page = static_cast<std::size_t>(root);
    while (bytes.at((page - 1) * page_size) == 0x02) {
        const std::uint8_t* at = bytes.data() + (page - 1) * page_size;
        const std::size_t cell = (std::size_t{at[12]} << 8) | at[13];
        page = (std::size_t{at[cell]} << 24) | (std::size_t{at[cell + 1]} << 16) | (std::size_t{at[cell + 2]} << 8) |
               at[cell + 3];
        ++depth;
    }
    CHECK(bytes.at((page - 1) * page_size) == 0x0a);
    return depth;
}

std::string key_condition(const TrendRow& row) {
    return fmt::format("rank = {} AND step = {} AND target_id = {} AND metric_id = {}", row.rank, row.step, row.target,
                       row.metric);
}

// Loads `rows` through the writer into one database and through SQLite's INSERTs into another, and checks the
// loaded one against the other; the root page and the page count before loading.
struct LoadedTrend {
    fs::path loaded;
    fs::path reference;
    std::int64_t root = 0;
    std::int64_t pages_before = 0;
};

// The rows cut into consecutive runs of `chains` sizes (the last run takes the rest), built as leaf chains side by
// side (a record to each run in turn) into a leaf file, joined to the database and then to the tree.
void load_as_chains(const fs::path& path, std::int64_t root, int page_size, const std::vector<TrendRow>& rows,
                    const std::vector<std::size_t>& chains) {
    const auto usable = static_cast<std::uint32_t>(page_size);
    msprobe::report::SqliteLeafFile leaves(path.string() + "-leaves", path.filename().string(),
                                           static_cast<std::uint32_t>(page_size));
    std::vector<msprobe::report::SqliteLeafChain> built;
    std::vector<std::pair<std::size_t, std::size_t>> ranges;  // [begin, end) of rows
    std::size_t begin = 0;
    for (std::size_t c = 0; c < chains.size() && begin < rows.size(); ++c) {
        const std::size_t end = c + 1 == chains.size() ? rows.size() : std::min(rows.size(), begin + chains[c]);
        ranges.emplace_back(begin, end);
        built.emplace_back(static_cast<std::uint32_t>(page_size), usable);
        begin = end;
    }
    const auto write = [&](const std::vector<std::uint8_t>& page) { return leaves.write(page); };
    for (bool more = true; more;) {
        more = false;
        for (std::size_t c = 0; c < ranges.size(); ++c) {
            if (ranges[c].first == ranges[c].second) continue;
            built[c].add(trend_record(rows[ranges[c].first++]), write);
            more = true;
        }
    }
    leaves.join(path);
    SqliteSortedTableWriter writer(path, path.filename().string(), root);
    for (const auto& chain : built) writer.add_chain(chain, [&](std::uint32_t n) { return leaves.page_of(n); });
    writer.finish();
}

LoadedTrend load_and_compare(const std::string& name, int page_size, const std::vector<TrendRow>& rows,
                             const std::vector<std::size_t>& chains = {}) {
    const auto dir = msprobe::testing::scratch_dir(name);
    LoadedTrend result{dir / "loaded.db", dir / "reference.db"};
    result.root = create_sqlite_database(result.loaded, page_size, trend_database_statements(), "trend_data");
    result.pages_before = page_count(result.loaded);
    if (chains.empty()) {
        SqliteSortedTableWriter writer(result.loaded, "loaded.db", result.root);
        for (const auto& row : rows) writer.add(trend_record(row));
        writer.finish();
    } else {
        load_as_chains(result.loaded, result.root, page_size, rows, chains);
    }
    create_sqlite_database(result.reference, page_size, trend_database_statements(), "trend_data");
    insert_trend_rows(result.reference, rows);

    CHECK(query(result.loaded, "PRAGMA integrity_check") == Rows{{"ok"}});
    CHECK(static_cast<std::int64_t>(fs::file_size(result.loaded)) == page_count(result.loaded) * page_size);
    const std::string all = "SELECT * FROM trend_data" + kTrendOrder;
    const auto loaded_rows = query(result.loaded, all);
    CHECK(loaded_rows.size() == rows.size());
    CHECK(loaded_rows == query(result.reference, all));
    CHECK(query(result.loaded, "SELECT count(*) FROM trend_data") == Rows{{std::to_string(rows.size())}});
    for (const char* other : {"SELECT * FROM before_t ORDER BY id", "SELECT * FROM after_t ORDER BY id",
                              "SELECT name FROM after_t INDEXED BY after_name WHERE name > 'name 00150' LIMIT 3"}) {
        CHECK(query(result.loaded, other) == query(result.reference, other));
    }
    CHECK(query(result.loaded, "SELECT count(*) FROM after_t") == Rows{{"300"}});

    // Lookups through the primary key find each row.
    for (std::size_t i = 0; i < rows.size(); i += std::max<std::size_t>(rows.size() / 40, 1)) {
        const std::string lookup = "SELECT * FROM trend_data WHERE " + key_condition(rows[i]);
        CHECK(query(result.loaded, lookup) == Rows{loaded_rows[i]});
    }
    if (!rows.empty()) {
        const std::string last = "SELECT * FROM trend_data WHERE " + key_condition(rows.back());
        CHECK(query(result.loaded, last) == Rows{loaded_rows.back()});
        const auto plan =
            query(result.loaded, "EXPLAIN QUERY PLAN SELECT * FROM trend_data WHERE " + key_condition(rows.back()));
        CHECK(plan.at(0).at(3).find("USING PRIMARY KEY") != std::string::npos);
    }
    TrendRow absent = rows.empty() ? TrendRow{} : rows.back();
    absent.metric += 1000;
    CHECK(query(result.loaded, "SELECT * FROM trend_data WHERE " + key_condition(absent)).empty());
    return result;
}

// SQLite then writes into the loaded table: rows between the loaded keys, after them, and a deletion.
void check_written_by_sqlite_after(const LoadedTrend& loaded, const std::vector<TrendRow>& rows) {
    std::vector<TrendRow> more;
    for (std::size_t i = 0; i < rows.size(); i += 3) {
        TrendRow row = rows[i];
        row.metric += 100;  // a new key after rows[i] among its neighbours
        more.push_back(row);
    }
    more.push_back({5000, 0, 0, 0, 1.0, 2.0, 3.0, 4.0});
    for (const auto& path : {loaded.loaded, loaded.reference}) {
        insert_trend_rows(path, more);
        SqliteOutput out(path, path.filename().string());
        out.exec("DELETE FROM trend_data WHERE (step + metric_id) % 4 = 1");
        out.commit();
        out.close();
    }
    CHECK(query(loaded.loaded, "PRAGMA integrity_check") == Rows{{"ok"}});
    const std::string all = "SELECT * FROM trend_data" + kTrendOrder;
    CHECK(query(loaded.loaded, all) == query(loaded.reference, all));
    CHECK(query(loaded.loaded, "SELECT * FROM after_t ORDER BY id") ==
          query(loaded.reference, "SELECT * FROM after_t ORDER BY id"));
}

// Records of one size that fill one leaf page exactly (cell: payload size varint + record; 2-byte pointer).
std::size_t leaf_capacity(std::size_t page_size) {
    const std::size_t record = trend_record(trend_rows(1, true)[0]).size();
    return (page_size - 8) / (1 + record + 2);
}

}  // namespace

TEST_CASE("rows loaded into a trend table read back as SQLite's own INSERTs give them",
          "[report][sqlite_sorted_table]") {
    for (const int page_size : {512, 4096, 65536}) {
        const std::size_t capacity = leaf_capacity(page_size);
        for (const std::size_t count : {std::size_t{0}, std::size_t{1}, capacity, capacity + 1}) {
            INFO("page size " << page_size << ", " << count << " rows");
            const auto rows = trend_rows(count, true);
            const auto loaded = load_and_compare(fmt::format("sorted_table_{}_{}", page_size, count), page_size, rows);
            // One leaf: the root holds it all; one more row: two new leaves under the root.
            const std::int64_t new_pages = count <= capacity ? 0 : 2;
            CHECK(page_count(loaded.loaded) == loaded.pages_before + new_pages);
            CHECK(tree_depth(loaded.loaded, loaded.root, page_size) == (count <= capacity ? 1 : 2));
            check_written_by_sqlite_after(loaded, rows);
        }
    }
}

TEST_CASE("many rows of mixed sizes make a tree of several levels", "[report][sqlite_sorted_table]") {
    for (const int page_size : {512, 4096}) {
        INFO("page size " << page_size);
        const auto rows = trend_rows(page_size == 512 ? 6000 : 30000, false);
        const auto loaded = load_and_compare(fmt::format("sorted_table_deep_{}", page_size), page_size, rows);
        CHECK(tree_depth(loaded.loaded, loaded.root, page_size) >= 3);
        CHECK(query(loaded.loaded, "SELECT count(*) FROM trend_data WHERE min IS NULL") ==
              Rows{{std::to_string((rows.size() + 3) / 7)}});
        check_written_by_sqlite_after(loaded, rows);
    }
}

TEST_CASE("a table keyed by text loads in byte order", "[report][sqlite_sorted_table]") {
    std::vector<std::string> names;
    for (int i = 0; i < 400; ++i) names.push_back(fmt::format("layer.{}.{}", i % 37, std::string(i % 11, 'w')));
    names.push_back("");
    names.push_back("grüße");
    names.push_back("中文.weight");
    names.push_back("Z");
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());

    for (const int page_size : {512, 4096}) {
        INFO("page size " << page_size);
        const auto dir = msprobe::testing::scratch_dir(fmt::format("sorted_table_text_{}", page_size));
        const std::vector<std::string> schema{
            "CREATE TABLE names (name TEXT NOT NULL, id INTEGER NOT NULL, value REAL, note TEXT, "
            "PRIMARY KEY (name, id)) WITHOUT ROWID"};
        const auto root = create_sqlite_database(dir / "loaded.db", page_size, schema, "names");
        create_sqlite_database(dir / "reference.db", page_size, schema, "names");
        std::vector<std::string> records;
        SqliteRecord record;
        std::string inserts;
        for (std::size_t n = 0; n < names.size(); ++n) {
            for (int id = -1; id <= 1; ++id) {
                record.clear();
                record.text(names[n]);
                record.integer(id);
                record.real(static_cast<double>(n) / 8.0);
                if (id == 0) {
                    record.null();
                } else {
                    record.text(fmt::format("note {}", n));
                }
                records.emplace_back(record.bytes());
                inserts += fmt::format("INSERT INTO names VALUES ('{}', {}, {}, {});", names[n], id,
                                       static_cast<double>(n) / 8.0,
                                       id == 0 ? std::string("NULL") : fmt::format("'note {}'", n));
            }
        }
        load_with_reference(dir, root, records, inserts);
        const std::string all = "SELECT * FROM names ORDER BY name, id";
        CHECK(query(dir / "loaded.db", all).size() == records.size());
        CHECK(query(dir / "loaded.db", all) == query(dir / "reference.db", all));
        CHECK(query(dir / "loaded.db", "SELECT value, note FROM names WHERE name = '中文.weight' AND id = 1") ==
              query(dir / "reference.db", "SELECT value, note FROM names WHERE name = '中文.weight' AND id = 1"));
        CHECK(query(dir / "loaded.db", "SELECT count(*) FROM names WHERE name = 'grüße'") == Rows{{"3"}});
    }
}

TEST_CASE("cells shorter than 4 bytes take the 4 SQLite counts them as", "[report][sqlite_sorted_table]") {
    // A one-column key of 0 or 1 is a 2-byte record: a 3-byte cell.
    const auto path = msprobe::testing::scratch_dir("sorted_table_short_cells") / "short.db";
    const auto root =
        create_sqlite_database(path, 512, {"CREATE TABLE t (k INTEGER NOT NULL, PRIMARY KEY (k)) WITHOUT ROWID"}, "t");
    std::vector<std::string> records;
    SqliteRecord record;
    for (std::int64_t k = -1000; k <= 1000; ++k) {
        record.clear();
        record.integer(k);
        records.emplace_back(record.bytes());
    }
    CHECK(records[1000].size() == 2);
    load_sorted_records(path, root, records);
    CHECK(query(path, "PRAGMA integrity_check") == Rows{{"ok"}});
    CHECK(query(path, "SELECT count(*), min(k), max(k), sum(k) FROM t") == Rows{{"2001", "-1000", "1000", "0"}});
    CHECK(query(path, "SELECT k FROM t WHERE k IN (0, 1, 2)") == Rows{{"0"}, {"1"}, {"2"}});
}

TEST_CASE("records larger than a page's share keep their tail in overflow pages, as SQLite's own do",
          "[report][sqlite_sorted_table]") {
    for (const int page_size : {512, 4096}) {
        INFO("page size " << page_size);
        const auto dir = msprobe::testing::scratch_dir(fmt::format("sorted_table_overflow_{}", page_size));
        const std::vector<std::string> schema{
            "CREATE TABLE t (k INTEGER NOT NULL, v TEXT, PRIMARY KEY (k, v)) WITHOUT ROWID"};
        const auto root = create_sqlite_database(dir / "loaded.db", page_size, schema, "t");
        create_sqlite_database(dir / "reference.db", page_size, schema, "t");
        std::vector<std::string> records;
        std::string inserts;
        SqliteRecord record;
        std::size_t max_local = 0;
        {
            SqliteSortedTableWriter probe(dir / "loaded.db", "loaded.db", root);
            max_local = probe.max_record_size();
        }
        CHECK(max_local == (static_cast<std::size_t>(page_size) - 12) * 64 / 255 - 23);
        // Sizes around the local share, one and several overflow pages, and a whole page's worth exactly.
        std::vector<std::size_t> lengths{0,
                                         1,
                                         max_local - 6,
                                         max_local - 5,
                                         max_local - 4,
                                         max_local,
                                         2 * max_local,
                                         static_cast<std::size_t>(page_size) - 4,
                                         3 * static_cast<std::size_t>(page_size),
                                         20 * static_cast<std::size_t>(page_size) + 7};
        for (std::int64_t k = 0; k < 60; ++k) {
            const std::size_t length =
                lengths[static_cast<std::size_t>(k) % lengths.size()] + static_cast<std::size_t>(k / 10);
            std::string text(length, static_cast<char>('a' + k % 26));
            for (std::size_t i = 0; i < text.size(); i += 97) text[i] = static_cast<char>('A' + (i / 97) % 26);
            record.clear();
            record.integer(k);
            record.text(text);
            records.emplace_back(record.bytes());
            inserts += fmt::format("INSERT INTO t VALUES ({}, '{}');", k, text);
        }
        load_with_reference(dir, root, records, inserts);
        const std::string all = "SELECT k, length(v), v FROM t ORDER BY k, v";
        CHECK(query(dir / "loaded.db", all).size() == records.size());
        CHECK(query(dir / "loaded.db", all) == query(dir / "reference.db", all));
        // Lookups by the whole key compare the overflowing part too.
        const std::string one = "SELECT k FROM t WHERE v = (SELECT v FROM t WHERE k = 19)";
        CHECK(query(dir / "loaded.db", one) == Rows{{"19"}});
    }
}

TEST_CASE("files the writer cannot load into are refused", "[report][sqlite_sorted_table]") {
    const auto dir = msprobe::testing::scratch_dir("sorted_table_refusals");
    const std::string table = "CREATE TABLE t (k INTEGER NOT NULL, PRIMARY KEY (k)) WITHOUT ROWID";

    SECTION("a missing file is an error naming the shown name with the system's reason") {
        try {
            SqliteSortedTableWriter writer(dir / "missing.db", "shown.db", 2);
            FAIL("opened");
        } catch (const msprobe::Error& e) {
            CHECK(e.file() == "shown.db");
            CHECK(e.reason() == "cannot open the database: No such file or directory");
        }
    }
    SECTION("a table with rows") {
        const auto root = create_sqlite_database(dir / "filled.db", 4096, {table, "INSERT INTO t VALUES (1)"}, "t");
        CHECK_THROWS_AS(SqliteSortedTableWriter(dir / "filled.db", "filled.db", root), std::logic_error);
    }
    SECTION("a root page that is not the table's") {
        create_sqlite_database(dir / "root.db", 4096, {table}, "t");
        CHECK_THROWS_AS(SqliteSortedTableWriter(dir / "root.db", "root.db", 1), std::logic_error);
        CHECK_THROWS_AS(SqliteSortedTableWriter(dir / "root.db", "root.db", 99), std::logic_error);
    }
    SECTION("an auto-vacuum database") {
        std::int64_t root = 0;
        {
            SqliteOutput out(dir / "vacuum.db", "vacuum.db", false);
            out.exec("PRAGMA auto_vacuum=FULL");
            out.exec(table);
            root = out.root_page("t");
            out.close();
        }
        CHECK_THROWS_AS(SqliteSortedTableWriter(dir / "vacuum.db", "vacuum.db", root), std::logic_error);
    }
    SECTION("not a database") {
        {
            std::ofstream text(dir / "text.db");
            text << std::string(200, 'x');
        }
        CHECK_THROWS_AS(SqliteSortedTableWriter(dir / "text.db", "text.db", 2), std::logic_error);
    }
    SECTION("a table SqliteOutput does not know") {
        SqliteOutput out(dir / "unknown.db", "unknown.db");
        out.exec(table);
        CHECK(out.root_page("t") == 2);
        CHECK_THROWS_AS(out.root_page("u"), std::logic_error);
    }
}

TEST_CASE("a load left unfinished leaves the file as it was", "[report][sqlite_sorted_table]") {
    const auto path = msprobe::testing::scratch_dir("sorted_table_unfinished") / "unfinished.db";
    const auto root = create_sqlite_database(path, 512, trend_database_statements(), "trend_data");
    const auto before = file_bytes(path);
    {
        SqliteSortedTableWriter writer(path, "unfinished.db", root);
        // Enough rows for a flushed write buffer beyond the file's end.
        for (const auto& row : trend_rows(200000, false)) writer.add(trend_record(row));
    }
    CHECK(file_bytes(path) == before);
    CHECK(query(path, "PRAGMA integrity_check") == Rows{{"ok"}});
    CHECK(query(path, "SELECT count(*) FROM trend_data") == Rows{{"0"}});
}

TEST_CASE("a write the system refuses is an error naming the file, and the file is put back",
          "[report][sqlite_sorted_table]") {
    const auto path = msprobe::testing::scratch_dir("sorted_table_write_fails") / "full.db";
    const auto root = create_sqlite_database(path, 4096, trend_database_statements(), "trend_data");
    const auto before = file_bytes(path);
    // In a child whose files may not grow more than 64 KiB past this one.
    const int code = msprobe::testing::exit_code_in_child([&] {
        ::signal(SIGXFSZ, SIG_IGN);
        const auto limit_bytes = static_cast<rlim_t>(before.size() + 64 * 1024);
        const rlimit limit{limit_bytes, limit_bytes};
        if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(3);
        try {
            SqliteSortedTableWriter writer(path, "shown.db", root);
            for (const auto& row : trend_rows(5000, false)) writer.add(trend_record(row));
            writer.finish();
        } catch (const msprobe::Error& e) {
            ::_exit(e.file() == "shown.db" && e.reason() == "cannot write the database: File too large" ? 0 : 4);
        }
        ::_exit(5);
    });
    CHECK(code == 0);
    CHECK(file_bytes(path) == before);
    CHECK(query(path, "PRAGMA integrity_check") == Rows{{"ok"}});
}

TEST_CASE("runs built apart as leaf chains join into one table", "[report][sqlite_sorted_table]") {
    // 512-byte pages: the file system cannot insert so small a range, so the leaves are copied after the database;
    // 4096: the database's pages are put in front of the leaves (ext4, XFS).
    for (const int page_size : {512, 4096}) {
        const std::size_t capacity = leaf_capacity(page_size);
        const std::vector<std::vector<std::size_t>> cuts{
            {std::size_t{0}},                                        // one run
            {1, 2, 2 * capacity + 1, 1, capacity, 3 * capacity, 0},  // runs of one or two rows between long ones
            {capacity, capacity + 1, capacity - 1, 1},               // runs that just fill, or just overflow, a leaf
            std::vector<std::size_t>(60, 1),                         // every run a row or so
        };
        for (std::size_t k = 0; k < cuts.size(); ++k) {
            INFO("page size " << page_size << ", cut " << k);
            const auto rows = trend_rows(6 * capacity + 17, false);
            const auto loaded = load_and_compare(fmt::format("leaf_chains_{}_{}", page_size, k), page_size, rows,
                                                 cuts[k].size() == 1 ? std::vector<std::size_t>{rows.size()} : cuts[k]);
            check_written_by_sqlite_after(loaded, rows);
            CHECK_FALSE(fs::exists(loaded.loaded.string() + "-leaves"));
        }
    }
}
