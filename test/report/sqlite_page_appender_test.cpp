#include "report/sqlite_page_appender.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "support/shared_fixtures.hpp"
#include "support/sorted_table_database.hpp"

using msprobe::report::SqlitePageAppender;
using msprobe::testing::create_sqlite_database;
namespace fs = std::filesystem;

namespace {

std::vector<std::uint8_t> file_bytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::uint32_t be32(const std::uint8_t* at) {
    return (std::uint32_t{at[0]} << 24) | (std::uint32_t{at[1]} << 16) | (std::uint32_t{at[2]} << 8) | at[3];
}

}  // namespace

TEST_CASE("the lock-byte page is skipped when numbering pages", "[report][sqlite_page_appender]") {
    using msprobe::report::sqlite_lock_byte_page;
    using msprobe::report::sqlite_next_usable_page;
    CHECK(sqlite_lock_byte_page(512) == 2097153);
    CHECK(sqlite_lock_byte_page(4096) == 262145);
    CHECK(sqlite_lock_byte_page(65536) == 16385);
    CHECK(sqlite_next_usable_page(1, 4096) == 2);
    CHECK(sqlite_next_usable_page(262143, 4096) == 262144);
    CHECK(sqlite_next_usable_page(262144, 4096) == 262146);
    CHECK(sqlite_next_usable_page(262145, 4096) == 262146);
    CHECK(sqlite_next_usable_page(16384, 65536) == 16386);
    CHECK(sqlite_next_usable_page(2097152, 512) == 2097154);
}

TEST_CASE("an overflow chain links its pages and holds the payload in order", "[report][sqlite_page_appender]") {
    const auto path = msprobe::testing::scratch_dir("page_appender_chain") / "a.db";
    const auto root = create_sqlite_database(path, 512, {"CREATE TABLE t (a TEXT)"}, "t");
    const auto before = file_bytes(path).size() / 512;
    std::string payload;
    // Many 256 KiB chunks of 512-byte pages: the chain crosses chunks written away.
    for (std::size_t i = 0; payload.size() < (std::size_t{5} << 20); ++i) payload += std::to_string(i) + ",";
    std::uint32_t first = 0;
    {
        SqlitePageAppender appender(path, "a.db", root, 0x0d);
        REQUIRE(appender.usable_size() == 512);
        first = appender.append_overflow(payload);
        std::vector<std::uint8_t> empty_leaf(512, 0);
        empty_leaf[0] = 0x0d;
        empty_leaf[5] = 0x02;  // content starts at 512
        appender.finish(empty_leaf.data());
    }
    CHECK(first == before + 1);
    const auto bytes = file_bytes(path);
    const std::size_t pages = (payload.size() + 507) / 508;
    CHECK(bytes.size() == (before + pages) * 512);
    std::string read;
    for (std::uint32_t page = first; page != 0;) {
        const std::uint8_t* at = bytes.data() + std::size_t{page - 1} * 512;
        const std::uint32_t next = be32(at);
        read.append(reinterpret_cast<const char*>(at) + 4, std::min<std::size_t>(508, payload.size() - read.size()));
        if (next != 0) CHECK(next == page + 1);
        page = next;
    }
    CHECK(read == payload);
    CHECK(be32(bytes.data() + 28) == before + pages);  // the header's page count
}

TEST_CASE("an appender left unfinished puts the file back", "[report][sqlite_page_appender]") {
    const auto path = msprobe::testing::scratch_dir("page_appender_unfinished") / "a.db";
    const auto root = create_sqlite_database(path, 4096, {"CREATE TABLE t (a TEXT)"}, "t");
    const auto before = file_bytes(path);
    {
        SqlitePageAppender appender(path, "a.db", root, 0x0d);
        std::vector<std::uint8_t> page(4096, 7);
        appender.append(page.data());
        appender.append_overflow(std::string(9000, 'x'));
    }
    CHECK(file_bytes(path) == before);
    CHECK_THROWS_AS(SqlitePageAppender(path, "a.db", root, 0x0a), std::logic_error);  // not an index root
    CHECK_THROWS_AS(SqlitePageAppender(path, "a.db", 99, 0x0d), std::logic_error);
    CHECK_THROWS_AS(SqlitePageAppender(path.parent_path() / "missing.db", "missing.db", root, 0x0d), msprobe::Error);
}
