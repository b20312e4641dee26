// A file mapped whole: its bytes and path, an empty file as no bytes, and
// refusals naming the file.
#include <catch2/catch.hpp>

#include <string>

#include "support/input_refusal.hpp"
#include "support/shared_fixtures.hpp"
#include "tensor/mapped_file.hpp"

using msprobe::tensor::MappedFile;

TEST_CASE("a mapped file holds the file's bytes", "[tensor][mapped_file]") {
    const auto path = msprobe::testing::scratch_file("mapped_file", "a.npy", std::string("\x93NUMPY\0\x01", 8));
    const auto mapped = MappedFile::open(path);
    REQUIRE(mapped);
    CHECK(mapped->path() == path.string());
    const auto bytes = mapped->bytes();
    REQUIRE(bytes.size() == 8);
    CHECK(std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size()) == std::string("\x93NUMPY\0\x01", 8));

    const auto empty = MappedFile::open(msprobe::testing::scratch_file("mapped_file_empty", "e.pt", ""));
    CHECK(empty->bytes().empty());
}

TEST_CASE("a missing file or a folder is refused naming it", "[tensor][mapped_file]") {
    const auto dir = msprobe::testing::scratch_dir("mapped_file_bad");
    CHECK_FALSE(msprobe::testing::refusal_reason(dir / "absent.pt", MappedFile::open).empty());
    CHECK_FALSE(msprobe::testing::refusal_reason(dir, MappedFile::open).empty());
}
