#include "config_check/sorted_entries.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

TEST_CASE("sorted_entries: a folder's entries by name", "[config_check][sorted_entries]") {
    const auto dir = msprobe::testing::scratch_dir("sorted_entries");
    for (const char* name : {"step10", "step2", "b", "a"}) msprobe::testing::write_file(dir / name, "");
    const auto entries = msprobe::config_check::sorted_entries(dir);
    REQUIRE(entries.size() == 4);
    CHECK(entries[0].filename() == "a");
    CHECK(entries[1].filename() == "b");
    CHECK(entries[2].filename() == "step10");
    CHECK(entries[3].filename() == "step2");
    CHECK_THROWS_AS(msprobe::config_check::sorted_entries(dir / "missing"), msprobe::Error);
}
