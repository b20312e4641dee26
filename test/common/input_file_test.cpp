// msprobe::InputFile refuses what would hang or exhaust a reader before it
// reads a byte: FIFOs, devices, soft links, directories and files at or above
// msprobe's size cap. Every refusal is one msprobe::Error naming the file.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <new>
#include <system_error>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using Catch::Matchers::Contains;
using msprobe::InputFile;
using msprobe::InputKind;

namespace {

void write_bytes(const fs::path& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

// The message of the msprobe::Error that opening `path` throws.
std::string refusal(const fs::path& path, InputKind kind) {
    try {
        InputFile::open(path, kind);
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == path.string());
        CHECK(e.exit_code() == msprobe::kExitBadInput);
        return e.what();
    }
    FAIL("opened " << path);
    return {};
}

}  // namespace

TEST_CASE("InputFile reads a regular file whole", "[common][input_file]") {
    const auto dir = msprobe::testing::scratch_dir("input_file_regular");
    write_bytes(dir / "a.json", "{\"task\": 1}");
    write_bytes(dir / "empty.json", "");
    const InputFile file = InputFile::open(dir / "a.json", InputKind::Json);
    CHECK(file.size() == 11);
    CHECK(file.read_all() == "{\"task\": 1}");
    CHECK(msprobe::read_input_file(dir / "empty.json", InputKind::Json).empty());
}

TEST_CASE("InputFile refuses a FIFO instead of blocking in open()", "[common][input_file]") {
    const auto dir = msprobe::testing::scratch_dir("input_file_fifo");
    REQUIRE(::mkfifo((dir / "dump.json").c_str(), 0600) == 0);
    CHECK_THAT(refusal(dir / "dump.json", InputKind::Json), Contains("dump.json: not a regular file (it is a FIFO)"));
    REQUIRE(::mkfifo((dir / "map.yaml").c_str(), 0600) == 0);
    CHECK_THAT(refusal(dir / "map.yaml", InputKind::Yaml), Contains("not a regular file (it is a FIFO)"));
}

TEST_CASE("InputFile refuses devices, directories and soft links", "[common][input_file]") {
    const auto dir = msprobe::testing::scratch_dir("input_file_kinds");
    CHECK_THAT(refusal("/dev/zero", InputKind::Yaml),
               Contains("/dev/zero: not a regular file (it is a character device)"));
    fs::create_symlink("/dev/zero", dir / "zero.yaml");
    CHECK_THAT(refusal(dir / "zero.yaml", InputKind::Yaml), Contains("zero.yaml: is a soft link"));
    write_bytes(dir / "real.json", "{}");
    fs::create_symlink(dir / "real.json", dir / "link.json");
    CHECK_THAT(refusal(dir / "link.json", InputKind::Json), Contains("link.json: is a soft link"));
    fs::create_directories(dir / "folder.json");
    CHECK_THAT(refusal(dir / "folder.json", InputKind::Json), Contains("not a regular file (it is a directory)"));
    CHECK_THAT(refusal(dir / "absent.json", InputKind::Json), Contains("absent.json: no such file"));
    CHECK_THAT(refusal(dir / "real.json" / "below.json", InputKind::Json), Contains("no such file"));
}

TEST_CASE("InputFile refuses a file at msprobe's size cap before reading it", "[common][input_file]") {
    const auto dir = msprobe::testing::scratch_dir("input_file_caps");
    CHECK(msprobe::input_size_cap(InputKind::Json) == (std::uintmax_t{10} << 30));
    CHECK(msprobe::input_size_cap(InputKind::Tensor) == (std::uintmax_t{10} << 30));
    CHECK(msprobe::input_size_cap(InputKind::Table) == (std::uintmax_t{1} << 30));
    CHECK(msprobe::input_size_cap(InputKind::Yaml) == (std::uintmax_t{1} << 30));
    // Sparse files: no disk is used, the size alone decides.
    const auto yaml = dir / "big.yaml";
    write_bytes(yaml, "");
    fs::resize_file(yaml, std::uintmax_t{1} << 30);
    CHECK_THAT(refusal(yaml, InputKind::Yaml),
               Contains("big.yaml: is 1073741824 bytes; msprobe's limit for yaml files is 1 GiB"));
    fs::resize_file(yaml, (std::uintmax_t{1} << 30) - 1);
    CHECK(InputFile::open(yaml, InputKind::Yaml).size() == (std::uintmax_t{1} << 30) - 1);
    const auto json = dir / "big.json";
    write_bytes(json, "");
    fs::resize_file(json, std::uintmax_t{10} << 30);
    CHECK_THAT(refusal(json, InputKind::Json), Contains("msprobe's limit for JSON files is 10 GiB"));
    fs::remove(yaml);
    fs::remove(json);
}

TEST_CASE("rethrow_naming turns any exception into an Error naming the file", "[common][input_file]") {
    auto rethrown = [](auto thrower) {
        try {
            try {
                thrower();
            } catch (...) {
                msprobe::rethrow_naming("in.json");
            }
        } catch (const msprobe::Error& e) {
            return std::string(e.what());
        }
        return std::string("nothing thrown");
    };
    CHECK(rethrown([] { throw std::bad_alloc(); }) == "in.json: not enough memory to read it");
    CHECK(rethrown([] {
              throw fs::filesystem_error("x", std::make_error_code(std::errc::permission_denied));
          }) == "in.json: Permission denied");
    CHECK(rethrown([] { throw std::runtime_error("two\nlines"); }) == "in.json: two lines");
    CHECK(rethrown([] { throw msprobe::Error("other.json", "kept"); }) == "other.json: kept");
}
