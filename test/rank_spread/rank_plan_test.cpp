// What a compare rank reads, by which the rank plan (common/rank_plan.hpp) spreads the ranks.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "rank_spread/rank_plan.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::compare::bytes_to_read;

TEST_CASE("rank plan: a rank's bytes are its files and every file below its folders") {
    namespace fs = std::filesystem;
    const fs::path dir = msprobe::testing::scratch_dir("rank_plan_bytes");
    msprobe::testing::write_file(dir / "dump.json", std::string(100, 'x'));
    msprobe::testing::write_file(dir / "dump_tensor_data/a.pt", std::string(30, 'x'));
    msprobe::testing::write_file(dir / "dump_tensor_data/sub/b.pt", std::string(7, 'x'));
    CHECK(bytes_to_read({dir / "dump.json", dir / "missing.json"}, {dir / "dump_tensor_data", dir / "absent"}) == 137);
    CHECK(bytes_to_read({}, {}) == 0);
}
