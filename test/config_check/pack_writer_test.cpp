#include "config_check/pack_writer.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>

#include "common/error.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/zip_inspection.hpp"

using namespace msprobe;
using namespace msprobe::config_check;
namespace fs = std::filesystem;

TEST_CASE("environment_json: json.dumps(os.environ, indent=4)", "[config_check][pack_writer]") {
    std::string a = "HOME=/root", b = "LANG=\xe4\xb8\xad", c = "HOME=/other", d = "NOEQUALS", e = "Q=a\"b\\c\td";
    std::string f = "EMPTY=";
    char* environment[] = {a.data(), b.data(), c.data(), d.data(), e.data(), f.data(), nullptr};
    // The first of two entries of a name wins; non-ASCII is escaped (ensure_ascii).
    CHECK(environment_json(environment) ==
          "{\n    \"HOME\": \"/root\",\n    \"LANG\": \"\\u4e2d\",\n    \"Q\": \"a\\\"b\\\\c\\td\",\n"
          "    \"EMPTY\": \"\"\n}");
    char* none[] = {nullptr};
    CHECK(environment_json(none) == "{}");
}

TEST_CASE("write_pack: env, pip and the scripts' hyperparameters, replacing an earlier pack",
          "[config_check][pack_writer]") {
    const auto dir = testing::scratch_dir("write_pack");
    testing::write_file(dir / "run.sh", "torchrun t.py --lr 0.1\n");
    const fs::path pack = dir / "out/pack.zip";
    write_pack({{(dir / "run.sh").string()}, pack.string()});
    auto zip = testing::inspect_zip(pack);
    CHECK(zip.problems.empty());
    REQUIRE(zip.members.size() == 3);
    CHECK(zip.members[0].name == "env");
    CHECK(zip.members[0].data.starts_with("{\n    \""));
    CHECK(zip.members[1].name == "pip");
    CHECK(zip.members[2].name == "hyperparameters/hyperparameters_static.json");
    CHECK(zip.members[2].data == "{\n    \"lr\": \"0.1\"\n}");
    // Again without scripts: the pack is replaced, not appended to.
    write_pack({{}, pack.string()});
    zip = testing::inspect_zip(pack);
    REQUIRE(zip.members.size() == 2);
    CHECK(zip.members[1].name == "pip");
}

TEST_CASE("write_pack: refusals leave nothing behind", "[config_check][pack_writer]") {
    const auto dir = testing::scratch_dir("write_pack_refusals");
    testing::write_file(dir / "conf.json", "{}");
    CHECK_THROWS_AS(write_pack({{}, (dir / "out/pack.tar").string()}), Error);
    CHECK_THROWS_AS(write_pack({{}, (dir / "out/pack one.zip").string()}), Error);
    CHECK_THROWS_AS(write_pack({{(dir / "conf.json").string()}, (dir / "out/pack.zip").string()}), Error);
    CHECK_FALSE(fs::exists(dir / "out"));
}
