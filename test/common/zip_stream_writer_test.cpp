// The streaming zip writer, checked record by record by a hand parser with
// zlib (support/zip_inspection) and by libzip, which read_xlsx uses.
#include "common/zip_stream_writer.hpp"

#include <zip.h>
#include <zlib.h>

#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/zip_format.hpp"
#include "report/parallel_deflater.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/zip_inspection.hpp"

namespace fs = std::filesystem;
using msprobe::report::crc32_of;
using msprobe::report::deflate_raw;
using msprobe::testing::inspect_zip;
using msprobe::zip::ZipStreamWriter;

namespace {

void add_entry(ZipStreamWriter& zip, const std::string& name, const std::string& text) {
    zip.begin_entry(name);
    zip.write(deflate_raw(text, 3));
    zip.end_entry(crc32_of(text), text.size());
}

std::string problems_of(const msprobe::testing::ZipInspection& inspection) {
    std::string all;
    for (const auto& problem : inspection.problems) all += problem + "\n";
    return all;
}

struct LibzipArchive {
    explicit LibzipArchive(const fs::path& path) {
        int error = 0;
        archive = zip_open(path.c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &error);
    }
    ~LibzipArchive() {
        if (archive) zip_discard(archive);
    }
    zip_t* archive = nullptr;
};

}  // namespace

TEST_CASE("ZipStreamWriter writes members that zlib and libzip read back", "[zip_stream_writer]") {
    const auto path = msprobe::testing::scratch_dir("zip_stream_writer") / "members.zip";
    const std::string big(300000, 'z');
    {
        ZipStreamWriter zip(path);
        add_entry(zip, "[Content_Types].xml", "<Types/>");
        add_entry(zip, "empty.txt", "");
        // A member whose deflated data arrives in several writes.
        const std::string deflated = deflate_raw(big, 1);
        zip.begin_entry("dir/big.txt");
        for (std::size_t at = 0; at < deflated.size(); at += 7) zip.write(std::string_view(deflated).substr(at, 7));
        zip.end_entry(crc32_of(big), big.size());
        zip.finish();
    }
    const auto inspection = inspect_zip(path);
    INFO(problems_of(inspection));
    CHECK(inspection.problems.empty());
    CHECK_FALSE(inspection.zip64_end_records);
    REQUIRE(inspection.members.size() == 3);
    CHECK(inspection.members[0].name == "[Content_Types].xml");
    CHECK(inspection.members[0].data == "<Types/>");
    CHECK(inspection.members[1].data.empty());
    CHECK(inspection.members[2].name == "dir/big.txt");
    CHECK(inspection.members[2].data == big);

    LibzipArchive libzip(path);
    REQUIRE(libzip.archive != nullptr);
    CHECK(zip_get_num_entries(libzip.archive, 0) == 3);
}

TEST_CASE("ZipStreamWriter stores entries with their data aligned, and libzip reads them", "[zip_stream_writer]") {
    const auto path = msprobe::testing::scratch_dir("zip_stream_writer_stored") / "stored.zip";
    const std::vector<std::pair<std::string, std::string>> stored{
        {"archive/data.pkl", "first record"}, {"archive/data/0", std::string(1000, 'q')}, {"archive/version", "3\n"}};
    {
        ZipStreamWriter zip(path);
        add_entry(zip, "deflated.txt", "between the stored ones");
        for (const auto& [name, data] : stored) {
            zip.begin_stored_entry(name, 64);
            zip.write(data);
            zip.end_entry(crc32_of(data), data.size());
        }
        zip.finish();
    }
    const std::string bytes = msprobe::testing::read_file_text(path);
    for (const auto& [name, data] : stored) {
        INFO(name);
        const auto header = bytes.find(name);  // the local header's name comes first
        REQUIRE(header != std::string::npos);
        const auto at = bytes.find(data, header + name.size());
        REQUIRE(at != std::string::npos);
        CHECK(at % 64 == 0);
    }
    LibzipArchive libzip(path);
    REQUIRE(libzip.archive != nullptr);
    REQUIRE(zip_get_num_entries(libzip.archive, 0) == 4);
    for (const auto& [name, data] : stored) {
        zip_stat_t stat;
        REQUIRE(zip_stat(libzip.archive, name.c_str(), 0, &stat) == 0);
        CHECK(stat.comp_method == ZIP_CM_STORE);
        zip_file_t* member = zip_fopen(libzip.archive, name.c_str(), 0);
        REQUIRE(member != nullptr);
        std::string read(data.size() + 1, '\0');
        CHECK(zip_fread(member, read.data(), read.size()) == static_cast<zip_int64_t>(data.size()));
        zip_fclose(member);
        CHECK(read.substr(0, data.size()) == data);
    }
}

TEST_CASE("ZipStreamWriter adds zip64 end records beyond 65535 members", "[zip_stream_writer]") {
    const auto path = msprobe::testing::scratch_dir("zip_stream_writer_many") / "many.zip";
    constexpr std::size_t kMembers = 70000;
    const std::string text = "x";
    const std::string deflated = deflate_raw(text, 3);
    {
        ZipStreamWriter zip(path);
        for (std::size_t i = 0; i < kMembers; ++i) {
            zip.begin_entry("m" + std::to_string(i));
            zip.write(deflated);
            zip.end_entry(crc32_of(text), text.size());
        }
        zip.finish();
    }
    const auto inspection = inspect_zip(path);
    INFO(problems_of(inspection));
    CHECK(inspection.problems.empty());
    CHECK(inspection.zip64_end_records);
    REQUIRE(inspection.members.size() == kMembers);
    CHECK(inspection.members.back().name == "m69999");
    CHECK(inspection.members.back().data == "x");

    LibzipArchive libzip(path);
    REQUIRE(libzip.archive != nullptr);
    CHECK(zip_get_num_entries(libzip.archive, 0) == static_cast<zip_int64_t>(kMembers));
}

TEST_CASE("ZipStreamWriter records a member over 4 GiB with zip64 sizes", "[zip_stream_writer]") {
    // 4 GiB + 1 MiB of zeros without compressing them: one sync-flushed block
    // of 1 MiB of zeros repeated (it refers only to itself), then a final empty block.
    constexpr std::size_t kBlock = std::size_t{1} << 20;
    constexpr std::size_t kBlocks = 4097;
    z_stream stream{};
    REQUIRE(deflateInit2(&stream, 1, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK);
    const std::string zeros(kBlock, '\0');
    std::string block(kBlock, '\0');
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(zeros.data()));
    stream.avail_in = static_cast<uInt>(zeros.size());
    stream.next_out = reinterpret_cast<Bytef*>(block.data());
    stream.avail_out = static_cast<uInt>(block.size());
    REQUIRE(deflate(&stream, Z_SYNC_FLUSH) == Z_OK);
    block.resize(block.size() - stream.avail_out);
    deflateEnd(&stream);
    const std::string final_block = deflate_raw("", 1);

    const auto path = msprobe::testing::scratch_dir("zip_stream_writer_huge") / "huge.zip";
    const std::uint32_t block_crc = crc32_of(zeros);
    std::uint32_t crc = 0;
    {
        ZipStreamWriter zip(path);
        add_entry(zip, "before.txt", "small");
        zip.begin_entry("huge.bin");
        for (std::size_t i = 0; i < kBlocks; ++i) {
            zip.write(block);
            crc = static_cast<std::uint32_t>(crc32_combine(crc, block_crc, static_cast<z_off_t>(kBlock)));
        }
        zip.write(final_block);
        zip.end_entry(crc, std::uint64_t{kBlocks} * kBlock);
        add_entry(zip, "after.txt", "small too");
        zip.finish();
    }
    const auto inspection = inspect_zip(path, false);
    INFO(problems_of(inspection));
    CHECK(inspection.problems.empty());
    REQUIRE(inspection.members.size() == 3);
    CHECK(inspection.members[1].zip64_sizes);
    CHECK(inspection.members[1].uncompressed_size == std::uint64_t{kBlocks} * kBlock);
    CHECK_FALSE(inspection.members[2].zip64_sizes);

    LibzipArchive libzip(path);
    REQUIRE(libzip.archive != nullptr);
    zip_stat_t stat;
    zip_stat_init(&stat);
    REQUIRE(zip_stat(libzip.archive, "huge.bin", 0, &stat) == 0);
    CHECK(stat.size == std::uint64_t{kBlocks} * kBlock);
    CHECK(stat.crc == crc);
}

TEST_CASE("ZipStreamWriter names the file when it cannot write", "[zip_stream_writer]") {
    const auto dir = msprobe::testing::scratch_dir("zip_stream_writer_errors");
    const auto missing = dir / "no_such_dir" / "book.zip";
    try {
        ZipStreamWriter zip(missing);
        FAIL("no error");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == missing.string());
        CHECK_THAT(e.reason(), Catch::Contains("cannot create"));
    }
    if (!fs::exists("/dev/full")) return;
    try {
        ZipStreamWriter zip("/dev/full");
        add_entry(zip, "a.txt", std::string(1 << 20, 'a'));
        zip.finish();
        FAIL("no error");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == "/dev/full");
        CHECK_THAT(e.reason(), Catch::Contains("write failed"));
    }
}

TEST_CASE("ZipStreamWriter writes an empty archive as its end record alone", "[zip_stream_writer]") {
    const auto path = msprobe::testing::scratch_dir("zip_stream_writer_empty") / "empty.zip";
    ZipStreamWriter(path).finish();
    CHECK(msprobe::testing::read_file_text(path) == std::string("PK\x05\x06", 4) + std::string(18, '\0'));
}

TEST_CASE("ZipStreamWriter stamps 1980-01-01 00:00, so the same members give the same bytes", "[zip_stream_writer]") {
    const auto dir = msprobe::testing::scratch_dir("zip_stream_writer_stamp");
    for (const char* name : {"first.zip", "second.zip"}) {
        ZipStreamWriter zip(dir / name);
        add_entry(zip, "xl/workbook.xml", "<workbook/>");
        zip.begin_stored_entry("archive/data/0", 64);
        zip.write("1234");
        zip.end_entry(crc32_of("1234"), 4);
        zip.finish();
    }
    const std::string bytes = msprobe::testing::read_file_text(dir / "first.zip");
    CHECK(bytes == msprobe::testing::read_file_text(dir / "second.zip"));
    // Local header: version, flags, method, time, date at offsets 4, 6, 8, 10, 12; the date packs
    // day (bits 0-4) = 1, month (bits 5-8) = 1 and years since 1980 (bits 9-15) = 0.
    const auto field16 = [&](std::size_t at) {
        return static_cast<unsigned>(static_cast<unsigned char>(bytes[at])) |
               static_cast<unsigned>(static_cast<unsigned char>(bytes[at + 1])) << 8;
    };
    CHECK(field16(4) == 20);      // deflate needs zip 2.0
    CHECK(field16(6) == 0x0008);  // sizes and CRC follow in a data descriptor
    CHECK(field16(8) == 8);       // deflate
    CHECK(field16(10) == 0);
    CHECK(field16(12) == 0x0021);
    const auto stored = bytes.find("archive/data/0") - msprobe::zip::kLocalHeaderSize;
    CHECK(field16(stored + 4) == 10);  // stored needs zip 1.0
    CHECK(field16(stored + 8) == 0);   // stored
    // The padding extra field carries torch's id, "FB".
    CHECK(bytes.substr(stored + msprobe::zip::kLocalHeaderSize + 14, 2) == "FB");
}

TEST_CASE("ZipStreamWriter refuses calls out of order, naming the archive", "[zip_stream_writer]") {
    const auto dir = msprobe::testing::scratch_dir("zip_stream_writer_order");
    const auto path = dir / "book.xlsx";
    const auto refusal = [&](const std::function<void(ZipStreamWriter&)>& calls) -> std::string {
        ZipStreamWriter zip(path);
        try {
            calls(zip);
        } catch (const msprobe::Error& e) {
            CHECK(e.file() == path.string());
            return e.reason();
        }
        return "no error";
    };
    CHECK(refusal([](ZipStreamWriter& zip) {
              zip.begin_entry("a.xml");
              zip.begin_entry("b.xml");
          }) == "internal error: zip entry begun out of order");
    CHECK(refusal([](ZipStreamWriter& zip) { zip.write("data"); }) ==
          "internal error: zip data written outside an entry");
    CHECK(refusal([](ZipStreamWriter& zip) { zip.end_entry(0, 0); }) == "internal error: zip entry ended twice");
    CHECK(refusal([](ZipStreamWriter& zip) {
              zip.begin_entry("a.xml");
              zip.finish();
          }) == "internal error: zip archive finished out of order");
    CHECK(refusal([](ZipStreamWriter& zip) {
              zip.finish();
              zip.begin_entry("late.xml");
          }) == "internal error: zip entry begun out of order");
    CHECK(refusal([](ZipStreamWriter& zip) { zip.begin_entry(std::string(65536, 'n')); }) ==
          "zip member name too long");
    CHECK(refusal([](ZipStreamWriter& zip) { zip.begin_stored_entry("data/0", 0); }) ==
          "internal error: zip alignment out of range");
    // The padding must fit the extra field's 16-bit length beside its 4-byte header.
    CHECK(refusal([](ZipStreamWriter& zip) { zip.begin_stored_entry("data/0", 65532); }) ==
          "internal error: zip alignment out of range");
    CHECK(refusal([](ZipStreamWriter& zip) {
              zip.begin_stored_entry("data/0", 65531);
              zip.write("x");
              zip.end_entry(crc32_of("x"), 1);
              zip.finish();
          }) == "no error");
}
