#pragma once
// Writes a zip archive front to back without seeking: each entry's data
// (deflated, or stored as it is) is streamed after its local header and followed by a data descriptor
// (sizes and CRC are known only at the end), then the central directory.
// Zip64 records are added when an entry or the archive outgrows the classic
// 32-bit fields or 65535 entries.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::zip {

class ZipStreamWriter {
public:
    // Creates (truncates) the file; throws msprobe::Error naming it on failure.
    explicit ZipStreamWriter(const std::filesystem::path& path);
    ZipStreamWriter(const ZipStreamWriter&) = delete;
    ZipStreamWriter& operator=(const ZipStreamWriter&) = delete;
    ~ZipStreamWriter();  // closes the file; an unfinished archive is left incomplete

    // Starts a deflated entry; `name` is an ASCII member path such as "xl/workbook.xml".
    void begin_entry(std::string_view name);
    // Starts an entry stored without compression whose data begins at a
    // multiple of `alignment` bytes in the file (padding in an extra field, as
    // torch.save does, so a reader can map the data in place).
    void begin_stored_entry(std::string_view name, std::size_t alignment);
    // Appends data of the open entry: raw deflate data (no zlib header), or
    // the bytes themselves for a stored entry.
    void write(std::string_view data);
    // Ends the open entry with the CRC-32 and length of its uncompressed data.
    void end_entry(std::uint32_t crc32, std::uint64_t uncompressed_size);

    // Writes the central directory and end records and closes the file.
    void finish();

private:
    struct Entry {
        std::string name;
        std::uint64_t header_offset = 0;
        std::uint64_t compressed_size = 0;
        std::uint64_t uncompressed_size = 0;
        std::uint32_t crc32 = 0;
        bool stored = false;
    };

    void begin(std::string_view name, bool stored, std::size_t alignment);

    void put(std::string_view bytes);
    [[noreturn]] void fail(const std::string& reason) const;

    std::string path_;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_;
    std::uint64_t offset_ = 0;  // bytes written so far
    std::vector<Entry> entries_;
    bool entry_open_ = false;
};

}  // namespace msprobe::zip
