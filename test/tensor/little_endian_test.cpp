// Integers read out of file bytes: least significant byte first, at any
// offset (a header field need not be aligned).
#include "tensor/little_endian.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <vector>

using msprobe::tensor::load_little_endian;

namespace {

std::vector<std::byte> bytes_of(std::initializer_list<unsigned> values) {
    std::vector<std::byte> bytes;
    for (const auto value : values) bytes.push_back(static_cast<std::byte>(value));
    return bytes;
}

}  // namespace

TEST_CASE("little endian: the first byte is the least significant", "[tensor][little_endian]") {
    const auto bytes = bytes_of({0x78, 0x56, 0x34, 0x12, 0xF0, 0xDE, 0xBC, 0x9A});
    CHECK(load_little_endian<std::uint8_t>(bytes, 0) == 0x78);
    CHECK(load_little_endian<std::uint16_t>(bytes, 0) == 0x5678);
    CHECK(load_little_endian<std::uint32_t>(bytes, 0) == 0x12345678U);
    CHECK(load_little_endian<std::uint64_t>(bytes, 0) == 0x9ABCDEF012345678ULL);
}

TEST_CASE("little endian: any offset, signed types in two's complement", "[tensor][little_endian]") {
    const auto bytes = bytes_of({0x00, 0xFE, 0xFF, 0xFF, 0xFF, 0x5A, 0x5A, 0x5A, 0x5A, 0x01});
    CHECK(load_little_endian<std::int16_t>(bytes, 1) == -2);
    CHECK(load_little_endian<std::int32_t>(bytes, 1) == -2);
    CHECK(load_little_endian<std::uint32_t>(bytes, 5) == 0x5A5A5A5AU);  // the nano container's magic
    CHECK(load_little_endian<std::uint16_t>(bytes, 8) == 0x015A);
    CHECK(load_little_endian<std::int64_t>(bytes_of({0, 0, 0, 0, 0, 0, 0, 0x80}), 0) ==
          std::numeric_limits<std::int64_t>::min());
}
