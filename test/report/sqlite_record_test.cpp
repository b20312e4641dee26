#include "report/sqlite_record.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "support/shared_fixtures.hpp"
#include "support/sorted_table_database.hpp"
#include "support/sqlite_rows.hpp"

using msprobe::report::put_sqlite_varint;
using msprobe::report::sqlite_varint_size;
using msprobe::report::SqliteRecord;
using msprobe::testing::sqlite_rows;
using Rows = msprobe::testing::SqliteRows;

namespace {

std::vector<int> varint_bytes(std::uint64_t value) {
    std::uint8_t out[msprobe::report::kSqliteVarintMax] = {};
    const std::size_t size = put_sqlite_varint(out, value);
    REQUIRE(size == sqlite_varint_size(value));
    return {out, out + size};
}

std::vector<int> record_bytes(SqliteRecord& record) {
    const auto bytes = record.bytes();
    return {reinterpret_cast<const std::uint8_t*>(bytes.data()),
            reinterpret_cast<const std::uint8_t*>(bytes.data()) + bytes.size()};
}

int integer_serial_type(std::int64_t value) {
    SqliteRecord record;
    record.integer(value);
    const auto bytes = record_bytes(record);
    REQUIRE(bytes[0] == 2);
    return bytes[1];
}

// A table keyed by k with an untyped column v (so typeof shows what is stored), loaded through the writer.
std::filesystem::path load_values(const std::string& name, int page_size,
                                  const std::vector<void (*)(SqliteRecord&)>& values) {
    const auto path = msprobe::testing::scratch_dir(name) / "values.db";
    const auto root = msprobe::testing::create_sqlite_database(
        path, page_size, {"CREATE TABLE t (k INTEGER NOT NULL, v, PRIMARY KEY (k)) WITHOUT ROWID"}, "t");
    std::vector<std::string> records;
    SqliteRecord record;
    for (std::size_t k = 0; k < values.size(); ++k) {
        record.clear();
        record.integer(static_cast<std::int64_t>(k));
        values[k](record);
        records.emplace_back(record.bytes());
    }
    msprobe::testing::load_sorted_records(path, root, records);
    return path;
}

}  // namespace

TEST_CASE("sqlite varints are big-endian 7-bit groups with an 8-bit ninth byte", "[report][sqlite_record]") {
    CHECK(varint_bytes(0) == std::vector<int>{0x00});
    CHECK(varint_bytes(0x7f) == std::vector<int>{0x7f});
    CHECK(varint_bytes(0x80) == std::vector<int>{0x81, 0x00});
    CHECK(varint_bytes(0x3fff) == std::vector<int>{0xff, 0x7f});
    CHECK(varint_bytes(0x4000) == std::vector<int>{0x81, 0x80, 0x00});
    CHECK(varint_bytes(0x00ffffffffffffffULL) == std::vector<int>{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f});
    // 2^56: bits 8..63 in eight 7-bit groups (bit 48 is the top of the second), then the low 8 bits.
    CHECK(varint_bytes(0x0100000000000000ULL) ==
          std::vector<int>{0x80, 0xc0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00});
    CHECK(varint_bytes(0x0100000000000001ULL).back() == 0x01);
    CHECK(varint_bytes(0xffffffffffffffffULL) ==
          std::vector<int>{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff});
}

TEST_CASE("a record is its header size, serial types, then the values", "[report][sqlite_record]") {
    SqliteRecord record;
    record.integer(0);
    record.integer(1);
    record.integer(-1);
    record.real(1.5);
    record.null();
    record.text("ab");
    // 1.5 is 0x3FF8000000000000; "ab" is serial type 13 + 2*2 = 17.
    CHECK(record_bytes(record) == std::vector<int>{7, 8, 9, 1, 7, 0, 17, 0xff, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0, 'a', 'b'});

    std::string out = "x";
    record.append_to(out);
    CHECK(out.size() == 19);
    CHECK(out.substr(1) == std::string(record.bytes()));

    record.clear();
    record.real(std::nan(""));
    CHECK(record_bytes(record) == std::vector<int>{2, 0});
    record.clear();
    CHECK(record_bytes(record) == std::vector<int>{1});
}

TEST_CASE("a value of a REAL column is stored as SQLite stores it", "[report][sqlite_record]") {
    const auto serial_type = [](double value) {
        SqliteRecord record;
        record.real_affinity(value);
        return record_bytes(record).at(1);
    };
    CHECK(serial_type(0.0) == 8);
    CHECK(serial_type(-0.0) == 8);
    CHECK(serial_type(1.0) == 9);
    CHECK(serial_type(3.0) == 1);
    CHECK(serial_type(-300.0) == 2);
    CHECK(serial_type(1.5) == 7);
    CHECK(serial_type(std::nan("")) == 0);
    CHECK(serial_type(std::numeric_limits<double>::infinity()) == 7);
    CHECK(serial_type(1e300) == 7);
    CHECK(serial_type(9223372036854774784.0) == 6);  // the largest double below 2^63
    CHECK(serial_type(9223372036854775808.0) == 7);
    CHECK(serial_type(-9223372036854775808.0) == 7);

    // The same values through SQLite's INSERT and through the record read back alike.
    const std::vector<double> values{0.0,
                                     -0.0,
                                     1.0,
                                     3.0,
                                     -7.0,
                                     1.5,
                                     1e300,
                                     9007199254740992.0,
                                     -9223372036854775808.0,
                                     std::nan(""),
                                     std::numeric_limits<double>::infinity(),
                                     4.9e-324};
    const auto dir = msprobe::testing::scratch_dir("sqlite_record_real_affinity");
    const std::string schema = "CREATE TABLE t (k INTEGER NOT NULL, r REAL, PRIMARY KEY (k)) WITHOUT ROWID";
    const auto root = msprobe::testing::create_sqlite_database(dir / "loaded.db", 4096, {schema}, "t");
    msprobe::testing::create_sqlite_database(dir / "reference.db", 4096, {schema}, "t");
    std::vector<std::string> records;
    {
        msprobe::report::SqliteOutput reference(dir / "reference.db", "reference.db");
        msprobe::report::SqliteOutput::Statement insert(reference, "INSERT INTO t VALUES (?, ?)");
        SqliteRecord record;
        for (std::size_t k = 0; k < values.size(); ++k) {
            record.clear();
            record.integer(static_cast<std::int64_t>(k));
            record.real_affinity(values[k]);
            records.emplace_back(record.bytes());
            insert.integer(1, static_cast<std::int64_t>(k));
            insert.real(2, values[k]);
            insert.run();
        }
        reference.commit();
    }
    msprobe::testing::load_sorted_records(dir / "loaded.db", root, records);
    const std::string all = "SELECT k, typeof(r), r FROM t ORDER BY k";
    const auto loaded = sqlite_rows(dir / "loaded.db", all, 17, false).rows;
    REQUIRE(loaded.size() == values.size());
    CHECK(loaded == sqlite_rows(dir / "reference.db", all, 17, false).rows);
    CHECK(loaded[1] == std::vector<std::string>{"1", "real", "0"});
    CHECK(loaded[3] == std::vector<std::string>{"3", "real", "3"});
    CHECK(loaded[9] == std::vector<std::string>{"9", "null", "NULL"});
    CHECK(sqlite_rows(dir / "loaded.db", "PRAGMA integrity_check", 17, false).rows == Rows{{"ok"}});
}

namespace {

// Integers at each serial type's bounds, with the serial type that holds them.
struct IntegerCase {
    std::int64_t value;
    int serial_type;
};
const std::vector<IntegerCase> kIntegerBounds{{0, 8},
                                              {1, 9},
                                              {2, 1},
                                              {-1, 1},
                                              {127, 1},
                                              {-128, 1},
                                              {128, 2},
                                              {-129, 2},
                                              {32767, 2},
                                              {-32768, 2},
                                              {32768, 3},
                                              {-32769, 3},
                                              {8388607, 3},
                                              {-8388608, 3},
                                              {8388608, 4},
                                              {-8388609, 4},
                                              {2147483647, 4},
                                              {-2147483648LL, 4},
                                              {2147483648LL, 5},
                                              {-2147483649LL, 5},
                                              {(1LL << 47) - 1, 5},
                                              {-(1LL << 47), 5},
                                              {1LL << 47, 6},
                                              {-(1LL << 47) - 1, 6},
                                              {std::numeric_limits<std::int64_t>::max(), 6},
                                              {std::numeric_limits<std::int64_t>::min(), 6}};

}  // namespace

TEST_CASE("integers take the smallest serial type that holds them", "[report][sqlite_record]") {
    for (const auto& bound : kIntegerBounds) {
        INFO(bound.value);
        CHECK(integer_serial_type(bound.value) == bound.serial_type);
    }
}

TEST_CASE("SQLite reads back every integer size written through the sorted table", "[report][sqlite_record]") {
    const auto path = msprobe::testing::scratch_dir("sqlite_record_integers") / "values.db";
    const auto root = msprobe::testing::create_sqlite_database(
        path, 4096, {"CREATE TABLE t (k INTEGER NOT NULL, v, PRIMARY KEY (k)) WITHOUT ROWID"}, "t");
    std::vector<std::string> records;
    SqliteRecord record;
    for (std::size_t k = 0; k < kIntegerBounds.size(); ++k) {
        record.clear();
        record.integer(static_cast<std::int64_t>(k));
        record.integer(kIntegerBounds[k].value);
        records.emplace_back(record.bytes());
    }
    msprobe::testing::load_sorted_records(path, root, records);

    const auto query = sqlite_rows(path, "SELECT typeof(v), v FROM t ORDER BY k", 17, false);
    REQUIRE(query.error.empty());
    REQUIRE(query.rows.size() == kIntegerBounds.size());
    for (std::size_t k = 0; k < kIntegerBounds.size(); ++k) {
        CHECK(query.rows[k] == std::vector<std::string>{"integer", std::to_string(kIntegerBounds[k].value)});
    }
    CHECK(sqlite_rows(path, "PRAGMA integrity_check", 17, false).rows == Rows{{"ok"}});
}

TEST_CASE("SQLite reads back reals, NULL and text written through the sorted table", "[report][sqlite_record]") {
    const auto path = load_values(
        "sqlite_record_values", 65536,
        {[](SqliteRecord& r) { r.real(1.5); }, [](SqliteRecord& r) { r.real(-0.0); },
         [](SqliteRecord& r) { r.real(std::numeric_limits<double>::infinity()); },
         [](SqliteRecord& r) { r.real(-std::numeric_limits<double>::infinity()); },
         [](SqliteRecord& r) { r.real(std::nan("")); }, [](SqliteRecord& r) { r.real(3.0); },
         [](SqliteRecord& r) { r.real(std::numeric_limits<double>::denorm_min()); },
         [](SqliteRecord& r) { r.real(-1.2345678901234567e300); }, [](SqliteRecord& r) { r.null(); },
         [](SqliteRecord& r) { r.text(""); }, [](SqliteRecord& r) { r.text("grüße 中文 \xF0\x9F\x98\x80"); },
         // 8190 bytes: serial type 16393, a 3-byte varint.
         [](SqliteRecord& r) { r.text(std::string(8190, 'z')); }});
    const auto query = sqlite_rows(path, "SELECT typeof(v), length(v), quote(v) FROM t ORDER BY k", 17, false);
    REQUIRE(query.error.empty());
    REQUIRE(query.rows.size() == 12);
    CHECK(query.rows[0] == std::vector<std::string>{"real", "3", "1.5"});
    CHECK(query.rows[1][0] == "real");
    CHECK(query.rows[2][0] == "real");
    CHECK(query.rows[3][0] == "real");
    CHECK(query.rows[4] == std::vector<std::string>{"null", "NULL", "NULL"});
    CHECK(query.rows[5] == std::vector<std::string>{"real", "3", "3.0"});
    CHECK(query.rows[6][0] == "real");
    CHECK(query.rows[8] == std::vector<std::string>{"null", "NULL", "NULL"});
    CHECK(query.rows[9] == std::vector<std::string>{"text", "0", "''"});
    CHECK(query.rows[10] == std::vector<std::string>{"text", "10", "'grüße 中文 \xF0\x9F\x98\x80'"});
    CHECK(query.rows[11][0] == "text");
    CHECK(query.rows[11][1] == "8190");

    // The exact doubles, the sign of zero included.
    const auto reals = sqlite_rows(path, "SELECT v FROM t WHERE typeof(v) = 'real' ORDER BY k", 17, false);
    CHECK(reals.rows ==
          Rows{{"1.5"}, {"-0"}, {"inf"}, {"-inf"}, {"3"}, {"4.9406564584124654e-324"}, {"-1.2345678901234567e+300"}});
    CHECK(sqlite_rows(path, "SELECT count(*) FROM t WHERE v = 'grüße 中文 \xF0\x9F\x98\x80'", 17, false).rows ==
          Rows{{"1"}});
    CHECK(sqlite_rows(path, "PRAGMA integrity_check", 17, false).rows == Rows{{"ok"}});
}

TEST_CASE("a record of many columns has a two-byte header size", "[report][sqlite_record]") {
    std::string columns = "c0 INTEGER NOT NULL";
    for (int c = 1; c < 150; ++c) columns += ", c" + std::to_string(c);
    const auto path = msprobe::testing::scratch_dir("sqlite_record_wide") / "wide.db";
    const auto root = msprobe::testing::create_sqlite_database(
        path, 4096, {"CREATE TABLE w (" + columns + ", PRIMARY KEY (c0)) WITHOUT ROWID"}, "w");
    SqliteRecord record;
    for (int c = 0; c < 150; ++c) record.integer(c * 1000);
    const std::string bytes(record.bytes());
    CHECK(static_cast<unsigned char>(bytes[0]) == 0x81);  // 152 = varint 0x81 0x18
    CHECK(static_cast<unsigned char>(bytes[1]) == 0x18);
    msprobe::testing::load_sorted_records(path, root, {bytes});
    CHECK(sqlite_rows(path, "SELECT c0, c1, c127, c149 FROM w", 17, false).rows ==
          Rows{{"0", "1000", "127000", "149000"}});
    CHECK(sqlite_rows(path, "PRAGMA integrity_check", 17, false).rows == Rows{{"ok"}});
}

TEST_CASE("a varint reads back as written", "[report][sqlite_record]") {
    for (const std::uint64_t value : {std::uint64_t{0}, std::uint64_t{127}, std::uint64_t{128}, std::uint64_t{16383},
                                      std::uint64_t{1} << 56, ~std::uint64_t{0}}) {
        CAPTURE(value);
        std::uint8_t bytes[msprobe::report::kSqliteVarintMax];
        const std::size_t size = put_sqlite_varint(bytes, value);
        const std::uint8_t* at = bytes;
        CHECK(msprobe::report::take_sqlite_varint(at, bytes + size) == value);
        CHECK(at == bytes + size);
    }
    const std::uint8_t cut[] = {0x81};
    const std::uint8_t* at = cut;
    CHECK_THROWS_AS(msprobe::report::take_sqlite_varint(at, cut + 1), std::logic_error);
}
