#include "config_check/checker_support.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "dump/parsed_json_text.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::config_check;

TEST_CASE("relative_diff: |bench - cmp| / bench, None for a zero bench", "[config_check][checker_support]") {
    const dump::ParsedJsonText v(R"([4, 5.0, 0, "x", true])");
    CHECK(relative_diff(v.root().item(0), v.root().item(1), "f", "max").number() == 0.25);
    CHECK(relative_diff(v.root().item(1), v.root().item(0), "f", "max").number() == 0.2);
    CHECK(relative_diff(v.root().item(2), v.root().item(1), "f", "max").is_empty());
    CHECK_THROWS_AS(relative_diff(v.root().item(3), v.root().item(1), "f", "max"), Error);
    CHECK_THROWS_AS(relative_diff(v.root().item(0), v.root().item(4), "f", "max"), Error);
    CHECK_THROWS_AS(relative_diff(v.root().item(0), {}, "f", "max"), Error);
}

TEST_CASE("both_have: an item present in both unpacked packs", "[config_check][checker_support]") {
    const auto dir = testing::scratch_dir("both_have");
    testing::write_file(dir / "a/env", "{}");
    testing::write_file(dir / "b/env", "{}");
    testing::write_file(dir / "a/pip", "");
    CHECK(both_have(dir / "a", dir / "b", "env"));
    CHECK_FALSE(both_have(dir / "a", dir / "b", "pip"));
}
