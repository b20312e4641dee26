#include "config_check/pack_extraction.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "pack_files.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using msprobe::config_check::unpack_pack;
namespace fs = std::filesystem;

namespace {

std::string refusal(const fs::path& pack, const fs::path& dir) {
    try {
        unpack_pack(pack, dir);
    } catch (const Error& e) {
        CHECK(e.file() == pack.string());
        return e.reason();
    }
    FAIL("the pack was unpacked");
    return {};
}

}  // namespace

TEST_CASE("unpack_pack: members as files, folders made, a later namesake wins", "[config_check][pack_extraction]") {
    const auto dir = testing::scratch_dir("unpack_ok");
    testing::write_pack_members(
        dir / "p.zip",
        {{"env", "{}"}, {"./weights/step0/rank0/w.json", "1"}, {"empty/", ""}, {"env", "{\"A\": \"2\"}"}});
    unpack_pack(dir / "p.zip", dir / "out");
    CHECK(testing::read_file_text(dir / "out/env") == "{\"A\": \"2\"}");
    CHECK(testing::read_file_text(dir / "out/weights/step0/rank0/w.json") == "1");
    CHECK(fs::is_directory(dir / "out/empty"));
}

TEST_CASE("unpack_pack: refusals name the pack and the reason", "[config_check][pack_extraction]") {
    const auto dir = testing::scratch_dir("unpack_refused");
    testing::write_pack_members(dir / "abs.zip", {{"/etc/passwd", "x"}});
    CHECK(refusal(dir / "abs.zip", dir / "o1") == "Absolute path /etc/passwd is not allowed in zip file");
    testing::write_pack_members(dir / "up.zip", {{"env", "{}"}, {"a/../../evil", "x"}});
    CHECK(refusal(dir / "up.zip", dir / "o2") ==
          "Path traversal detected: a/../../evil attempts to write outside of the extraction directory.");
    CHECK_FALSE(fs::exists(dir / "evil"));
    CHECK(refusal(dir / "missing.zip", dir / "o3") == "does not exist");
    testing::write_file(dir / "p.tar", "x");
    CHECK(refusal(dir / "p.tar", dir / "o4").find("['.zip']") != std::string::npos);
    testing::write_file(dir / "text.zip", "not a zip at all");
    CHECK(refusal(dir / "text.zip", dir / "o5").starts_with("is not a readable zip archive"));
    // A member whose bytes were damaged after it was written: its CRC no longer matches.
    testing::write_pack_members(dir / "crc.zip", {{"env", std::string(2000, 'a') + "tail"}});
    std::string bytes = testing::read_file_text(dir / "crc.zip");
    const std::size_t data = bytes.find("env") + 3;
    bytes[data + 2] = static_cast<char>(bytes[data + 2] ^ 0x55);
    testing::write_file(dir / "crc.zip", bytes);
    CHECK(refusal(dir / "crc.zip", dir / "o6").starts_with("is damaged"));
}
