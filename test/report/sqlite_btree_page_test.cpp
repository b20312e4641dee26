#include "report/sqlite_btree_page.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <stdexcept>

using msprobe::report::sqlite_get_be;
using msprobe::report::sqlite_local_payload;
using msprobe::report::sqlite_put_be;
using msprobe::report::SqliteBtreePage;

TEST_CASE("big-endian integers of 1 to 4 bytes", "[report][sqlite_btree_page]") {
    std::uint8_t bytes[4] = {};
    sqlite_put_be(bytes, 0x01020304, 4);
    CHECK(bytes[0] == 1);
    CHECK(bytes[3] == 4);
    CHECK(sqlite_get_be(bytes, 4) == 0x01020304);
    sqlite_put_be(bytes, 65535, 2);
    CHECK(sqlite_get_be(bytes, 2) == 65535);
}

TEST_CASE("a leaf page packs cells from its end, pointers after its 8-byte header", "[report][sqlite_btree_page]") {
    SqliteBtreePage leaf(false, 512, 500);  // 12 reserved bytes: cells end at the usable size
    CHECK(leaf.empty());
    int added = 0;
    while (leaf.fits(30)) {
        std::memset(leaf.append(30), 'a' + added, 30);
        ++added;
    }
    // (500 - 8) / (30 + 2) = 15 cells.
    CHECK(added == 15);
    CHECK(leaf.cell(0) == leaf.bytes().data() + 470);
    CHECK(leaf.cell(14)[0] == 'a' + 14);
    leaf.drop_last();
    CHECK(leaf.cells() == 14);
    CHECK_THROWS_AS(leaf.drop_last(), std::logic_error);  // only the last cell appended can be dropped
    leaf.seal(0x0d, 0);
    const auto& page = leaf.bytes();
    CHECK(page[0] == 0x0d);
    CHECK(sqlite_get_be(page.data() + 1, 2) == 0);              // no freeblock
    CHECK(sqlite_get_be(page.data() + 3, 2) == 14);             // cells
    CHECK(sqlite_get_be(page.data() + 5, 2) == 500 - 14 * 30);  // where the cells start
    CHECK(page[7] == 0);                                        // no fragmented bytes
    CHECK(sqlite_get_be(page.data() + 8, 2) == 470);            // the first cell's pointer
    CHECK(page[8 + 2 * 14] == 0);                               // between pointers and cells: zeros
    leaf.reset();
    CHECK(leaf.empty());
}

TEST_CASE("an interior page's header ends with its right-most child, and short cells count 4 bytes",
          "[report][sqlite_btree_page]") {
    SqliteBtreePage interior(true, 65536, 65536);
    std::uint8_t* cell = interior.append(3);
    cell[0] = cell[1] = cell[2] = 7;
    interior.seal(0x05, 42);
    const auto& page = interior.bytes();
    CHECK(sqlite_get_be(page.data() + 8, 4) == 42);
    CHECK(sqlite_get_be(page.data() + 12, 2) == 65536 - 4);  // a 3-byte cell takes 4
    CHECK(page[65535] == 0);                                 // its pad
    CHECK(sqlite_get_be(page.data() + 5, 2) == 65536 - 4);
}

TEST_CASE("an overflowing record keeps the file format's share on its page", "[report][sqlite_btree_page]") {
    // usable 4096: minLocal 489; an index page's maxLocal 1002; a table leaf's 4061.
    CHECK(sqlite_local_payload(5000, 1002, 4096) == 489 + (5000 - 489) % 4092);
    CHECK(sqlite_local_payload(5000, 4061, 4096) == 489 + (5000 - 489) % 4092);
    CHECK(sqlite_local_payload(4000 + 489, 1002, 4096) == 489);  // the remainder would be too large: minLocal
}
