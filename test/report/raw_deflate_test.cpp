// Both raw deflate encoders make streams zlib inflates back, at every level,
// in pieces that join; the CRC-32 is zlib's.
#include "report/raw_deflate.hpp"

#include <zlib.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>

#include "support/zip_inspection.hpp"

using msprobe::report::crc32_joined;
using msprobe::report::crc32_of;
using msprobe::report::deflate_piece;
using msprobe::report::deflate_raw;
using msprobe::report::DeflateEncoder;
using msprobe::testing::inflated_raw;

namespace {

std::string sheet_like(std::size_t size) {
    std::mt19937_64 random(5);
    std::string text;
    while (text.size() < size) {
        text +=
            "<c r=\"C" + std::to_string(random() % 9000) + "\"><v>" + std::to_string(random() % 100000) + "</v></c>";
    }
    text.resize(size);
    return text;
}

}  // namespace

TEST_CASE("each deflate encoder round-trips through zlib at every level", "[raw_deflate]") {
    const DeflateEncoder encoder = GENERATE(DeflateEncoder::Isal, DeflateEncoder::Zlib);
    const int level = GENERATE(0, 1, 2, 3);
    INFO("zlib " << (encoder == DeflateEncoder::Zlib) << ", level " << level);
    const std::string text = sheet_like(300000);
    const std::string deflated = deflate_raw(text, level, encoder);
    CHECK(inflated_raw(deflated) == text);
    CHECK(deflated.size() < text.size() / 3);
    CHECK(inflated_raw(deflate_raw("", level, encoder)).empty());
    std::string binary(70000, '\0');
    std::mt19937 random(1);
    for (char& c : binary) c = static_cast<char>(random());  // incompressible: stored blocks
    CHECK(inflated_raw(deflate_raw(binary, level, encoder)) == binary);
}

TEST_CASE("deflate pieces primed with the text before them join into one stream", "[raw_deflate]") {
    const DeflateEncoder encoder = GENERATE(DeflateEncoder::Isal, DeflateEncoder::Zlib);
    const std::string text = sheet_like(200000);
    const std::string_view all(text);
    std::string first;
    std::string second;
    deflate_piece(first, all.substr(0, 120000), {}, 1, false, encoder);
    deflate_piece(second, all.substr(120000), all.substr(120000 - 32768, 32768), 1, true, encoder);
    CHECK(inflated_raw(first + second) == text);
}

TEST_CASE("a deflate level out of range is refused", "[raw_deflate]") {
    CHECK_THROWS_AS(deflate_raw("x", 4, DeflateEncoder::Isal), std::invalid_argument);
    CHECK_THROWS_AS(deflate_raw("x", -1, DeflateEncoder::Zlib), std::invalid_argument);
}

TEST_CASE("crc32_of is zlib's CRC-32 and joins as zlib's does", "[raw_deflate]") {
    CHECK(crc32_of("") == 0);
    CHECK(crc32_of("123456789") == 0xCBF43926U);  // the CRC-32 check value
    const std::string text = sheet_like(100000);
    const auto zlib = static_cast<std::uint32_t>(crc32_z(0, reinterpret_cast<const Bytef*>(text.data()), text.size()));
    CHECK(crc32_of(text) == zlib);
    CHECK(crc32_joined(crc32_of(text.substr(0, 777)), crc32_of(text.substr(777)), text.size() - 777) == zlib);
}

TEST_CASE("this machine's ISA-L passes its check", "[raw_deflate]") {
    // On a CPU where it failed, workbooks would still be valid (zlib), with a warning; here it must pass,
    // or the suite would be testing the fallback only. MSPROBE_DEFLATE=zlib forces the fallback.
    const char* forced = std::getenv("MSPROBE_DEFLATE");
    if (forced != nullptr && std::string(forced) == "zlib") {
        CHECK(msprobe::report::active_deflate_encoder() == DeflateEncoder::Zlib);
    } else {
        CHECK(msprobe::report::active_deflate_encoder() == DeflateEncoder::Isal);
    }
}
