// The zip format's constants against PKWARE's APPNOTE 6.3: each signature is
// "PK" and two record numbers in little-endian byte order, and each fixed size
// is the sum of the record's field widths (APPNOTE 4.3.7, 4.3.12, 4.3.14-16).
#include <catch2/catch.hpp>

#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "common/zip_format.hpp"

namespace zip = msprobe::zip;

namespace {

// The four bytes a signature is stored as.
std::string stored_bytes(std::uint32_t signature) {
    std::string bytes;
    for (int shift = 0; shift < 32; shift += 8) bytes.push_back(static_cast<char>((signature >> shift) & 0xFF));
    return bytes;
}

std::size_t sum(const std::vector<std::size_t>& widths) {
    return std::accumulate(widths.begin(), widths.end(), std::size_t{0});
}

}  // namespace

TEST_CASE("zip format: record signatures are PK and the record's two numbers", "[common][zip_format]") {
    CHECK(stored_bytes(zip::kLocalHeaderSignature) == std::string("PK\x03\x04", 4));
    CHECK(stored_bytes(zip::kCentralHeaderSignature) == std::string("PK\x01\x02", 4));
    CHECK(stored_bytes(zip::kEndSignature) == std::string("PK\x05\x06", 4));
    CHECK(stored_bytes(zip::kZip64EndSignature) == std::string("PK\x06\x06", 4));
    CHECK(stored_bytes(zip::kZip64LocatorSignature) == std::string("PK\x06\x07", 4));
    CHECK(stored_bytes(zip::kDataDescriptorSignature) == std::string("PK\x07\x08", 4));
}

TEST_CASE("zip format: fixed record sizes are the sums of their fields", "[common][zip_format]") {
    // signature, version, flags, method, time, date, crc, compressed, uncompressed, name length, extra length
    CHECK(zip::kLocalHeaderSize == sum({4, 2, 2, 2, 2, 2, 4, 4, 4, 2, 2}));
    // signature, made by, needed, flags, method, time, date, crc, compressed, uncompressed, name, extra,
    // comment lengths, disk, internal and external attributes, local header offset
    CHECK(zip::kCentralHeaderSize == sum({4, 2, 2, 2, 2, 2, 2, 4, 4, 4, 2, 2, 2, 2, 2, 4, 4}));
    // signature, this disk, directory disk, entries here, entries, directory size, offset, comment length
    CHECK(zip::kEndSize == sum({4, 2, 2, 2, 2, 4, 4, 2}));
    // signature, record size, made by, needed, this disk, directory disk, entries here, entries, size, offset
    CHECK(zip::kZip64EndSize == sum({4, 8, 2, 2, 4, 4, 8, 8, 8, 8}));
    // signature, disk of the zip64 end record, its offset, total disks
    CHECK(zip::kZip64LocatorSize == sum({4, 4, 8, 4}));
}

TEST_CASE("zip format: the zip64 markers fill their fields and the extra id is 1", "[common][zip_format]") {
    CHECK(zip::kMax32 == UINT32_MAX);
    CHECK(zip::kMax16 == UINT16_MAX);
    CHECK(zip::kZip64ExtraId == 0x0001);
}
