#include "report/sqlite_leaf_chain.hpp"

#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <string>
#include <vector>

using msprobe::report::SqliteLeafChain;

TEST_CASE("a chain keeps its first leaf, writes the others, and a divider stands between leaves",
          "[report][sqlite_leaf_chain]") {
    SqliteLeafChain chain(512, 512);
    std::vector<std::vector<std::uint8_t>> written;
    const auto write = [&](const std::vector<std::uint8_t>& page) {
        written.push_back(page);
        return static_cast<std::uint32_t>(written.size() - 1 + 100);
    };
    CHECK(chain.empty());
    std::vector<std::string> records;
    for (int i = 0; i < 100; ++i) records.push_back(fmt::format("record {:03} {}", i, std::string(9, 'x')));
    for (const auto& record : records) chain.add(record, write);
    // 21-byte records, 24 bytes a cell with its pointer: 21 fit a leaf.
    REQUIRE(chain.divider_count() == 4);
    CHECK(chain.written() == std::vector<std::uint32_t>{100, 101, 102});
    CHECK(chain.first_leaf().cells() == 20);
    // Every record once, in order: the first leaf, then a divider and a written leaf in turn, then the open leaf.
    std::vector<std::string> back;
    for (std::uint32_t i = 0; i < chain.first_leaf().cells(); ++i) back.emplace_back(chain.first_leaf().payload(i));
    for (std::size_t d = 0; d < chain.divider_count(); ++d) {
        back.emplace_back(chain.divider(d));
        if (d < written.size()) {
            const auto& page = written[d];
            CHECK(page[0] == msprobe::report::kSqliteIndexLeaf);
            const std::uint32_t cells = msprobe::report::sqlite_get_be(page.data() + 3, 2);
            for (std::uint32_t c = 0; c < cells; ++c) {
                const std::uint32_t at = msprobe::report::sqlite_get_be(page.data() + 8 + 2 * c, 2);
                back.emplace_back(reinterpret_cast<const char*>(page.data()) + at + 1, page[at]);
            }
        }
    }
    for (std::uint32_t i = 0; i < chain.open_leaf().cells(); ++i) back.emplace_back(chain.open_leaf().payload(i));
    CHECK(back == records);
    CHECK_THROWS_AS(chain.add(std::string(400, 'y'), write), std::logic_error);  // needs an overflow page
}
