#include "report/sqlite_index_page.hpp"

#include <catch2/catch.hpp>

#include <string>

using msprobe::report::sqlite_get_be;
using msprobe::report::SqliteIndexPage;

TEST_CASE("a leaf page packs cells from its end and gives up its last as the divider", "[report][sqlite_index_page]") {
    SqliteIndexPage leaf(false, 512, 512);
    CHECK(leaf.empty());
    int added = 0;
    while (leaf.fits(20)) {
        leaf.append(0, std::string(20, static_cast<char>('a' + added % 26)));
        ++added;
    }
    // 8-byte header; each cell a 1-byte size and 20 bytes, and a 2-byte pointer: 504 / 23 = 21.
    CHECK(added == 21);
    CHECK(leaf.payload(0) == std::string(20, 'a'));
    CHECK(leaf.payload(20) == std::string(20, 'u'));
    leaf.pop_last();
    CHECK(leaf.divider() == std::string(20, 'u'));
    CHECK(leaf.cells() == 20);
    leaf.seal(0);
    const auto& page = leaf.page();
    CHECK(page[0] == msprobe::report::kSqliteIndexLeaf);
    CHECK(sqlite_get_be(page.data() + 3, 2) == 20);             // cells
    CHECK(sqlite_get_be(page.data() + 5, 2) == 512 - 20 * 21);  // where the cells start
    CHECK(sqlite_get_be(page.data() + 8, 2) == 512 - 21);       // the first cell is at the end
    leaf.reset();
    CHECK(leaf.empty());
}

TEST_CASE("an interior page holds each cell's left child and a right-most child", "[report][sqlite_index_page]") {
    SqliteIndexPage interior(true, 4096, 4096);
    interior.append(7, "key");
    interior.append(9, "lay");
    CHECK(interior.payload(1) == "lay");
    interior.pop_last();
    CHECK(interior.divider_child() == 9);
    interior.seal(9);
    const auto& page = interior.page();
    CHECK(page[0] == msprobe::report::kSqliteIndexInterior);
    CHECK(sqlite_get_be(page.data() + 8, 4) == 9);  // right-most child
    const std::uint32_t cell = sqlite_get_be(page.data() + 12, 2);
    CHECK(sqlite_get_be(page.data() + cell, 4) == 7);
    // A cell is counted as 4 bytes at least.
    SqliteIndexPage small(false, 512, 512);
    small.append(0, "x");
    CHECK(sqlite_get_be(small.page().data() + 8, 2) == 512 - 4);
}
