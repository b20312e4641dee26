#include "tensor/zip_archive.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "support/tensor_writers.hpp"
#include "tensor_test_support.hpp"

using namespace msprobe;
using namespace msprobe::tensor;
using namespace msprobe::testing;
using Catch::Contains;

namespace {

std::string le(std::uint64_t value, int bytes) {
    std::string out;
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
    return out;
}

std::string text_of(std::span<const std::byte> bytes) {
    return std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

// One stored entry whose central record keeps its sizes and offset in a
// ZIP64 extra field (as writers do past 4 GiB), preceded by `lead` bytes.
std::string zip64_extra_archive(const std::string& name, const std::string& data, const std::string& comment = "") {
    std::string out = le(0x04034b50, 4) + le(45, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(0, 4) + le(0, 4) + le(0, 4) +
                      le(name.size(), 2) + le(0, 2) + name + data;
    const std::size_t directory = out.size();
    const std::string extra = le(0x0001, 2) + le(24, 2) + le(data.size(), 8) + le(data.size(), 8) + le(0, 8);
    out += le(0x02014b50, 4) + le(45, 2) + le(45, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(0, 4) + le(0xFFFFFFFF, 4) +
           le(0xFFFFFFFF, 4) + le(name.size(), 2) + le(extra.size(), 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 4) +
           le(0xFFFFFFFF, 4) + name + extra;
    const std::size_t directory_size = out.size() - directory;
    out += le(0x06054b50, 4) + le(0, 2) + le(0, 2) + le(1, 2) + le(1, 2) + le(directory_size, 4) + le(directory, 4) +
           le(comment.size(), 2) + comment;
    return out;
}

}  // namespace

TEST_CASE("torch's ZIP layout: entries, aligned data in place", "[zip]") {
    const std::string archive_bytes =
        torch_zip("arch", {{"data.pkl", "pickle"}, {"data/0", std::string(100, 'x')}, {"version", "3\n"}});
    const ZipArchive archive(span_of(archive_bytes), "t.pt");
    REQUIRE(archive.entries().size() == 3);
    const ZipEntry* storage = archive.find("arch/data/0");
    REQUIRE(storage != nullptr);
    REQUIRE(storage->size == 100);
    REQUIRE(storage->data_offset % 64 == 0);
    REQUIRE(archive.stored_data(*storage).data() == span_of(archive_bytes).data() + storage->data_offset);
    REQUIRE(text_of(archive.stored_data(*archive.find("arch/data.pkl"))) == "pickle");
    REQUIRE(archive.find("arch/data") == nullptr);
    for (const auto& entry : archive.entries()) archive.verify_crc(entry);
}

TEST_CASE("classic end record without ZIP64, comments, ZIP64 extra fields", "[zip]") {
    const std::string torch = torch_zip("a", {{"data.pkl", "p"}, {"x", "yz"}});
    // Drop the ZIP64 end record and locator (76 bytes before the classic one).
    std::string classic = torch.substr(0, torch.size() - 22 - 76) + torch.substr(torch.size() - 22);
    const ZipArchive without_zip64(span_of(classic), "c.pt");
    REQUIRE(text_of(without_zip64.stored_data(*without_zip64.find("a/x"))) == "yz");

    std::string commented = classic;
    commented[commented.size() - 2] = 5;
    commented += "hello";
    REQUIRE(ZipArchive(span_of(commented), "c.pt").entries().size() == 2);

    const std::string extra =
        zip64_extra_archive("a/data/0", "payload", "a comment PK\x05\x06 followed by more than twenty-two characters");
    const ZipArchive archive(span_of(extra), "z.pt");
    REQUIRE(text_of(archive.stored_data(*archive.find("a/data/0"))) == "payload");
}

TEST_CASE("unsafe or inconsistent archives are rejected", "[zip]") {
    const auto rejects = [](const std::string& bytes, const char* code, const std::string& fragment) {
        INFO(fragment);
        REQUIRE_THROWS_WITH(ZipArchive(span_of(bytes), "z.pt"),
                            Contains(std::string("z.pt: ") + code) && Contains(fragment));
    };
    ZipRecords many;
    for (int i = 0; i <= 1024; ++i) many.emplace_back(std::to_string(i), "");
    rejects(torch_zip("a", many), "E_LIMIT", "1025 entries, at most 1024");
    rejects("PK\x03\x04", "E_TRUNCATED", "no ZIP end-of-central-directory record (file has 4 bytes)");
    rejects(std::string(100, 'x'), "E_TRUNCATED", "no ZIP end-of-central-directory record");

    const std::string good = torch_zip("a", {{"data.pkl", "p"}});
    const std::size_t central = good.find("PK\x01\x02");
    std::string encrypted = good;
    encrypted[central + 8] = static_cast<char>(encrypted[central + 8] | 1);
    rejects(encrypted, "E_UNSUPPORTED", "entry 'a/data.pkl' is encrypted");
    std::string renamed = good;
    renamed[central + 46] = 'b';
    rejects(renamed, "E_CORRUPT", "local header names 'a/data.pkl'");
    std::string far_local = good;
    far_local.replace(central + 42, 4, le(1u << 30, 4));
    rejects(far_local, "E_TRUNCATED", "lies beyond the end of the file");
    std::string long_data = good;
    long_data.replace(central + 20, 8, le(1000, 4) + le(1000, 4));
    rejects(long_data, "E_TRUNCATED", "data of 1000 bytes at byte 64 runs past the end");
    std::string bad_signature = good;
    bad_signature[central + 1] = 'X';
    rejects(bad_signature, "E_CORRUPT", "no central directory header signature");
    std::string multi_disk = good;
    multi_disk.replace(multi_disk.size() - 98 + 16, 4, le(3, 4));  // disk field of the ZIP64 end record
    rejects(multi_disk, "E_UNSUPPORTED", "multi-disk");
    std::string bad_locator = good;
    bad_locator.replace(bad_locator.size() - 22 - 20 + 8, 8, le(1u << 20, 8));
    rejects(bad_locator, "E_CORRUPT", "ZIP64 locator points to no ZIP64 end record");
    std::string marker_without_zip64 = good.substr(0, good.size() - 22 - 76) + good.substr(good.size() - 22);
    marker_without_zip64.replace(marker_without_zip64.size() - 6, 4, le(0xFFFFFFFF, 4));
    rejects(marker_without_zip64, "E_CORRUPT", "ZIP64 markers");

    std::string short_extra = zip64_extra_archive("a/b", "data");
    short_extra.replace(short_extra.find(le(0x0001, 2) + le(24, 2)) + 2, 2, le(8, 2));
    rejects(short_extra, "E_CORRUPT", "short ZIP64 extra field");

    // Compressed and CRC problems surface when an entry is used.
    std::string deflated = good;
    deflated[central + 10] = 8;
    const ZipArchive compressed(span_of(deflated), "z.pt");
    REQUIRE_THROWS_WITH(compressed.stored_data(compressed.entries()[0]),
                        Contains("E_UNSUPPORTED") && Contains("compressed (method 8)"));
    std::string corrupted = good;
    corrupted[64] = 'q';
    const ZipArchive bad_crc(span_of(corrupted), "z.pt");
    REQUIRE_THROWS_WITH(bad_crc.verify_crc(bad_crc.entries()[0]), Contains("E_CORRUPT") && Contains("CRC-32 is"));
    std::string no_crc = corrupted;
    no_crc.replace(central + 16, 4, le(0, 4));
    const ZipArchive unchecked(span_of(no_crc), "z.pt");
    REQUIRE_NOTHROW(unchecked.verify_crc(unchecked.entries()[0]));  // CRC 0: not recorded, warning only
}

TEST_CASE("truncated archives are rejected at every length", "[zip][corrupt]") {
    const std::string good = torch_zip("a", {{"data.pkl", "pickle"}, {"data/0", std::string(70, 'x')}});
    for (std::size_t size = 0; size < good.size(); ++size) {
        INFO(size);
        const std::string cut = good.substr(0, size);
        REQUIRE_THROWS_AS(ZipArchive(span_of(cut), "z.pt"), Error);
    }
}

TEST_CASE("has_zip_signature", "[zip]") {
    REQUIRE(has_zip_signature(span_of(std::string("PK\x03\x04"))));
    REQUIRE(has_zip_signature(span_of(std::string("PK\x05\x06"))));
    REQUIRE_FALSE(has_zip_signature(span_of(std::string("PK\x03"))));
    REQUIRE_FALSE(has_zip_signature(span_of(std::string("\x93NUMPY"))));
}

TEST_CASE("a reader may admit more entries than a tensor file has", "[zip]") {
    ZipRecords many;
    for (int i = 0; i <= 1024; ++i) many.emplace_back(std::to_string(i), "");
    const std::string bytes = torch_zip("a", many);
    const ZipArchive archive(std::as_bytes(std::span(bytes.data(), bytes.size())), "many.zip", 2048);
    CHECK(archive.entries().size() == 1025);
    CHECK(archive.find("a/1024") != nullptr);
}
