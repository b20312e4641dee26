#include "report/sqlite_leaf_file.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "report/sqlite_output.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::report::SqliteLeafFile;
namespace fs = std::filesystem;

namespace {

std::string file_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// An SQLite database of `page_size` pages; its page count.
std::size_t make_database(const fs::path& path, int page_size) {
    msprobe::report::SqliteOutput out(path, "db", false);
    out.exec("PRAGMA page_size=" + std::to_string(page_size));
    out.begin();
    out.exec("CREATE TABLE t (a TEXT)");
    out.commit();
    out.close();
    return fs::file_size(path) / static_cast<std::size_t>(page_size);
}

}  // namespace

TEST_CASE("leaf pages join a database after its own pages", "[report][sqlite_leaf_file]") {
    // 512-byte pages are copied after the database's (no file system inserts so small a range); 4096-byte ones
    // get the database's pages put in front of them where the file system can (ext4, XFS).
    for (const int page_size : {512, 4096}) {
        INFO("page size " << page_size);
        const auto dir = msprobe::testing::scratch_dir("sqlite_leaf_file_" + std::to_string(page_size));
        const auto db = dir / "db.sqlite";
        const std::size_t database_pages = make_database(db, page_size);
        const std::string before = file_text(db);
        {
            SqliteLeafFile leaves(dir / "leaves", "db.sqlite", static_cast<std::uint32_t>(page_size));
            for (int i = 0; i < 3; ++i) {
                CHECK(leaves.write(std::vector<std::uint8_t>(page_size, static_cast<std::uint8_t>('A' + i))) ==
                      static_cast<std::uint32_t>(i));
            }
            CHECK(leaves.count() == 3);
            leaves.join(db);
            for (std::uint32_t i = 0; i < 3; ++i) CHECK(leaves.page_of(i) == database_pages + 1 + i);
        }
        CHECK_FALSE(fs::exists(dir / "leaves"));
        const std::string after = file_text(db);
        REQUIRE(after.size() == (database_pages + 3) * page_size);
        // The database's pages as they were but for the header's page count, then the leaves.
        CHECK(after.substr(0, 28) == before.substr(0, 28));
        CHECK(after.substr(32, before.size() - 32) == before.substr(32));
        CHECK(static_cast<unsigned char>(after[31]) == database_pages + 3);
        CHECK(after.substr(before.size()) ==
              std::string(page_size, 'A') + std::string(page_size, 'B') + std::string(page_size, 'C'));
    }
}

TEST_CASE("leaf pages never joined go with their file", "[report][sqlite_leaf_file]") {
    const auto dir = msprobe::testing::scratch_dir("sqlite_leaf_file_dropped");
    {
        SqliteLeafFile leaves(dir / "leaves", "db.sqlite", 512);
        leaves.write(std::vector<std::uint8_t>(512, 1));
        CHECK(fs::exists(dir / "leaves"));
        CHECK_THROWS_AS(leaves.page_of(0), std::logic_error);
    }
    CHECK_FALSE(fs::exists(dir / "leaves"));
    CHECK_THROWS_AS(SqliteLeafFile(dir / "no" / "leaves", "db.sqlite", 512), msprobe::Error);
}
